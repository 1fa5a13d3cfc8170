// A tiny game server for Multiverse: it tells the SDK it is Ready, sends Health every two seconds, and echoes what
// it receives, over UDP and TCP, on the port it is given ($PORT). It speaks the Agones SDK's REST gateway over plain
// HTTP ($AGONES_SDK_HTTP_PORT), so the same file runs under Agones. A line `EXIT` makes it shut down through the SDK.
import dgram from 'node:dgram';
import http from 'node:http';
import net from 'node:net';

const sdkPort = Number(process.env.AGONES_SDK_HTTP_PORT ?? 9358);
// In a container of the `docker` driver the SDK is on the host (AGONES_SDK_HTTP_HOST); under Agones, the pod's sidecar.
const sdkHost = process.env.AGONES_SDK_HTTP_HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 9998);
const healthMs = Number(process.env.HEALTH_INTERVAL_MS ?? 2000);

function sdk(method, path, body = {}) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request({ host: sdkHost, port: sdkPort, method, path, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => (res.statusCode === 200 ? resolve(text ? JSON.parse(text) : {}) : reject(new Error(`${path}: ${res.statusCode} ${text}`))));
    });
    req.on('error', reject);
    req.end(data);
  });
}

const reply = (text) => (text.trim() === 'EXIT' ? 'BYE' : `ECHO ${text}`);
const shutdown = () => sdk('POST', '/shutdown').catch(() => undefined);

const udp = dgram.createSocket('udp4');
udp.on('message', (msg, from) => {
  const text = msg.toString('utf8');
  udp.send(reply(text), from.port, from.address);
  if (text.trim() === 'EXIT') void shutdown();
});
udp.bind(port, '0.0.0.0');

const tcp = net.createServer((socket) => {
  socket.setEncoding('utf8');
  socket.on('data', (text) => {
    socket.write(`${reply(text)}\n`);
    if (text.trim() === 'EXIT') void shutdown();
  });
  socket.on('error', () => undefined);
});
tcp.listen(port, '0.0.0.0', async () => {
  console.log(`echo server listening on ${port} (UDP and TCP)`);
  await sdk('POST', '/ready');
  console.log('ready');
  setInterval(() => sdk('POST', '/health').catch((e) => console.error(`health: ${e.message}`)), healthMs).unref();
});

process.on('SIGTERM', () => {
  console.log('stopping');
  udp.close();
  tcp.close();
  process.exit(0);
});
