/**
 * What a room plugin's hook runs as inside the stateless functions' sandbox (plain JavaScript run by QuickJS, never by
 * Node): the file `__room.js` beside the plugin's own `plugin.js`. It gives the hook a `room` — its id, the players
 * connected, `state` (the JSON the previous hook left), `broadcast`, `send` and `log` — and answers what the hook left
 * behind: the state, the messages to deliver, and the hooks the plugin exports.
 */
export const ROOM_ENTRY = '__room.run';
export const PLUGIN_FILE = 'plugin.js';

export const ROOM_GUEST = String.raw`
exports.run = async (event) => {
  const plugin = require('./plugin.js');
  const out = [];
  const room = {
    id: event.roomId,
    players: event.players.slice(),
    state: event.state,
    broadcast(data, options) {
      const except = options && options.except !== undefined ? [].concat(options.except).map(String) : [];
      out.push({ data: data === undefined ? null : data, except });
    },
    send(playerId, data) { out.push({ to: [String(playerId)], data: data === undefined ? null : data }); },
    log(...args) { console.log(...args); },
  };
  const hooks = Object.keys(plugin).filter((name) => typeof plugin[name] === 'function');
  const fn = plugin[event.hook];
  if (typeof fn === 'function') await fn(room, ...event.args);
  return { state: room.state === undefined ? null : room.state, out, hooks };
};
`;
