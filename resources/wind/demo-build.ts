/**
 * The demo's mini-game build: the files of a small WeChat mini-game (a canvas that draws a bouncing ball, and a
 * `levels` subpackage), kept as an asset streaming release that the demo publishes. A few kilobytes, far under
 * every channel's package bounds (`channel-rules.ts`).
 */

/** Fixed id of the bucket the demo's build is released from (the publish names it). */
export const WIND_DEMO_BUCKET_ID = '0b7e4c2a-6d19-4f83-9a5e-3c8d1f60b2e7';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const MAIN_JS = `// Demo mini-game: a ball bouncing in the screen's canvas.
const canvas = wx.createCanvas();
const ctx = canvas.getContext('2d');
const ball = { x: 40, y: 40, dx: 3, dy: 2, r: 16 };

function frame() {
  ball.x += ball.dx;
  ball.y += ball.dy;
  if (ball.x < ball.r || ball.x > canvas.width - ball.r) ball.dx = -ball.dx;
  if (ball.y < ball.r || ball.y > canvas.height - ball.r) ball.dy = -ball.dy;
  ctx.fillStyle = '#10233f';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#f5b700';
  ctx.beginPath();
  ctx.arc(ball.x, ball.y, ball.r, 0, Math.PI * 2);
  ctx.fill();
  requestAnimationFrame(frame);
}

module.exports = { start: () => requestAnimationFrame(frame) };
`;

/** The build's files by path: WeChat's `game.json` and `project.config.json` at the root, `game.js` its entry. */
export const WIND_DEMO_FILES: Record<string, string> = {
  'game.json': json({ deviceOrientation: 'portrait', showStatusBar: false, networkTimeout: { request: 10000 }, subpackages: [{ name: 'levels', root: 'levels/' }] }),
  'project.config.json': json({ appid: 'wx0d3e4f5a6b7c8d9e', compileType: 'game', projectname: 'demo-minigame', setting: { es6: true, minified: true } }),
  'game.js': "require('./main.js').start();\n",
  'main.js': MAIN_JS,
  'levels/game.js': "module.exports = require('./level-1.json');\n",
  'levels/level-1.json': json({ name: 'First steps', speed: 1, targets: [[40, 80], [160, 220], [280, 120]] }),
};
