// A tiny stateful-function server: a line protocol over TCP on $PORT that reports its players and tags through the
// Agones SDK's REST gateway ($AGONES_SDK_HTTP_PORT), so the same file runs under Agones. It sets its player capacity,
// calls Ready, sends Health every second, and answers each line:
//   JOIN <id>   → the SDK's player connect       LEAVE <id> → player disconnect
//   TAG <k>=<v> → the SDK's SetLabel              EXIT       → shut down through the SDK
//   anything else is echoed back as "ECHO <line>".
import http from 'node:http';
import net from 'node:net';

const sdkPort = Number(process.env.AGONES_SDK_HTTP_PORT ?? 9358);
const port = Number(process.env.PORT ?? 8899);
const healthMs = Number(process.env.HEALTH_INTERVAL_MS ?? 1000);

function sdk(method, path, body = {}) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port: sdkPort, method, path, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => (res.statusCode === 200 ? resolve(text ? JSON.parse(text) : {}) : reject(new Error(`${path}: ${res.statusCode} ${text}`))));
    });
    req.on('error', reject);
    req.end(data);
  });
}

async function answer(line) {
  const [word, rest = ''] = [line.split(' ')[0], line.split(' ').slice(1).join(' ')];
  if (word === 'JOIN') return sdk('POST', '/alpha/player/connect', { playerID: rest }).then(() => `JOINED ${rest}`);
  if (word === 'LEAVE') return sdk('POST', '/alpha/player/disconnect', { playerID: rest }).then(() => `LEFT ${rest}`);
  if (word === 'TAG') {
    const [key, value = ''] = rest.split('=');
    return sdk('PUT', '/metadata/label', { key, value }).then(() => `TAGGED ${key}`);
  }
  if (word === 'EXIT') {
    setTimeout(() => void sdk('POST', '/shutdown').catch(() => undefined), 50);
    return 'BYE';
  }
  return `ECHO ${line}`;
}

const tcp = net.createServer((socket) => {
  socket.setEncoding('utf8');
  let rest = '';
  socket.on('data', async (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const reply = await answer(line.trim()).catch((e) => `ERROR ${e.message}`);
      console.log(`${line.trim()} -> ${reply}`);
      socket.write(`${reply}\n`);
    }
  });
  socket.on('error', () => undefined);
});

tcp.listen(port, '0.0.0.0', async () => {
  console.log(`players server listening on ${port}`);
  await sdk('PUT', '/alpha/player/capacity', { count: 100 });
  await sdk('POST', '/ready');
  console.log('ready');
  setInterval(() => sdk('POST', '/health').catch((e) => console.error(`health: ${e.message}`)), healthMs).unref();
});

process.on('SIGTERM', () => {
  console.log('stopping');
  tcp.close();
  process.exit(0);
});
