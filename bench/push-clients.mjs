// The push bench's clients, in their own process (`bench/push.ts` starts it): opens COUNT WebSocket connections to
// URL, says "ready", then counts the frames that arrive and says "done <frames> <ms>" once EXPECTED have, the time
// running from the first frame to the last.
import WebSocket from 'ws';

const [url, count, expected] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
let open = 0;
let frames = 0;
let first = 0;
const sockets = [];

function onFrame() {
  if (frames === 0) first = performance.now();
  frames++;
  if (frames === expected) process.stdout.write(`done ${frames} ${(performance.now() - first).toFixed(1)}\n`);
}

async function connectOne() {
  await new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    let welcomed = false;
    ws.on('message', (data) => {
      // A push connection's first frame is its welcome; a bare server sends none.
      if (!welcomed && String(data).startsWith('{"type":"welcome"')) {
        welcomed = true;
        return resolve();
      }
      onFrame();
    });
    ws.on('open', () => {
      sockets.push(ws);
      if (process.argv[5] !== 'welcome') resolve();
    });
    ws.on('error', reject);
    ws.on('close', (code) => {
      if (!welcomed && process.argv[5] === 'welcome') reject(new Error(`closed ${code}`));
    });
  });
  open++;
}

const BATCH = 200;
for (let i = 0; i < count; i += BATCH) await Promise.all(Array.from({ length: Math.min(BATCH, count - i) }, connectOne));
process.stdout.write(`ready ${open}\n`);
process.stdin.on('data', (d) => {
  if (String(d).includes('quit')) {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
