// The attacker of the server-stall bench's slow-connection row, in a process of its own so its sockets
// and its event loop are not the server's. Usage: `tsx server-stall-slow-client.ts <port> <count> <holdMs>`.
// Opens <count> connections from 127.0.0.1 (in batches, so the listen backlog is not what refuses them),
// each sending request headers a line at a time (a slowloris: headers that never end), prints `ready`
// once every attempt has connected or been closed, holds them <holdMs>, then prints how many the server
// kept open and how many it closed.
import { connect, type Socket } from 'node:net';

const [port, count, holdMs] = process.argv.slice(2).map(Number) as [number, number, number];
const BATCH = 100;

const sockets: Socket[] = [];
let closedByServer = 0;

function open(): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' });
    sockets.push(socket);
    socket.on('error', () => {});
    socket.once('close', () => {
      closedByServer += 1;
      resolve();
    });
    socket.once('connect', () => {
      socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
      // Settled once the server had a moment to close it, or kept it.
      setTimeout(resolve, 200);
    });
  });
}

const drip = setInterval(() => {
  for (const socket of sockets) if (!socket.destroyed) socket.write('X-Slow: a\r\n');
}, 2000);

const attempts: Promise<void>[] = [];
for (let i = 0; i < count; i += BATCH) {
  for (let j = i; j < Math.min(count, i + BATCH); j++) attempts.push(open());
  await new Promise((resolve) => setTimeout(resolve, 20));
}
await Promise.all(attempts);
console.log('ready');
await new Promise((resolve) => setTimeout(resolve, holdMs));
const result = { held: sockets.filter((socket) => !socket.destroyed).length, closed: closedByServer };
clearInterval(drip);
for (const socket of sockets) socket.destroy();
console.log(JSON.stringify(result));
