import { spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * A benches' baseline: Express 5 answering a small JSON object at /hello, nothing else, in a Node process
 * of its own like the app's. Answers its URL, its pid (to read its CPU) and a close.
 */
export async function helloServer() {
  const source = `const app = require('express')();
app.get('/hello', (req, res) => { res.json({ hello: 'world' }); });
const server = app.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', source], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [port] = (await once(child.stdout, 'data')) as [Buffer];
  return {
    url: `http://127.0.0.1:${port.toString().trim()}/hello`,
    pid: child.pid!,
    close: () => child.kill(),
  };
}
