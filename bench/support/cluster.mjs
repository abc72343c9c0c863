// Runs the server bundle (SERVER_ENTRY) as CLUSTER_WORKERS instances of a Node cluster sharing one port:
// the primary accepts each connection and hands it to the workers in turn (bench/load.ts).
import cluster from 'node:cluster';

const workers = Number(process.env.CLUSTER_WORKERS ?? 2);
cluster.setupPrimary({ exec: process.env.SERVER_ENTRY, execArgv: ['--enable-source-maps'] });
for (let n = 0; n < workers; n++) cluster.fork();
let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
  for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
});
cluster.on('exit', (worker, code) => {
  if (!stopping) {
    console.error(`An instance of the cluster exited (${code}).`);
    process.exitCode = 1;
  }
  if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
});
