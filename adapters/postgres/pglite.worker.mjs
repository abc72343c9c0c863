// The embedded database (PGlite) on a thread of its own: a query runs here, in WebAssembly, while the
// app's thread goes on serving requests. The app's side is pglite-thread.ts; messages are
// { id, op, sql?, params? } in and { id, result } or { id, error } out; id 0 says whether it opened.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** What of a failure crosses the thread: the message and Postgres's fields (code, detail, constraint…). */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null) continue;
    fields[key] = value;
  }
  return fields;
}

const { dataDir, from, wasmModule } = workerData;
let lite;
try {
  lite = await PGlite.create(dataDir ?? 'memory://', {
    ...(from ? { loadDataDir: new Blob([from]) } : {}),
    // Compiled once by the process that started this thread (pglite-thread.ts).
    ...(wasmModule ? { wasmModule } : {}),
    // int8 (bigint, count(*)) and numeric as numbers: our values fit in a double.
    parsers: { 20: (value) => Number(value), 1700: (value) => Number(value) },
  });
  parentPort.postMessage({ id: 0, result: null });
} catch (error) {
  parentPort.postMessage({ id: 0, error: plainError(error) });
}

async function run({ op, sql, params }) {
  switch (op) {
    case 'query': {
      const result = await lite.query(sql, params);
      return { rows: result.rows, affectedRows: result.affectedRows };
    }
    case 'exec':
      await lite.exec(sql);
      return null;
    case 'dump': {
      const tarball = await lite.dumpDataDir('none');
      return new Uint8Array(await tarball.arrayBuffer());
    }
    case 'close':
      if (!lite.closed) await lite.close();
      return null;
    default:
      throw new Error(`Unknown operation ${op}`);
  }
}

parentPort.on('message', (message) => {
  run(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }, result instanceof Uint8Array ? [result.buffer] : []),
    (error) => parentPort.postMessage({ id: message.id, error: plainError(error) }),
  );
});
