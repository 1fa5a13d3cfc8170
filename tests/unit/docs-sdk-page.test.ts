/**
 * A service's SDK page shows the SDK endpoint its servers call as the service declares it, and a declaration that
 * names a call the endpoint does not have (or under another path) is refused at start-up.
 */
import { describe, expect, it } from 'vitest';
import { agonesSdkEndpoint, sdkEndpointProblems } from '../../resources/runtime-sdk';
import { sdkExampleCall, sdkMarkdown } from '../../src/pages/doc/reference-markdown';
import { markdownRenderer } from '../../src/pages/doc/markdown-render';

const t = (key: string, options?: Record<string, unknown>) => `${key}${options && 'service' in options ? `:${String(options.service)}` : ''}`;
const read = { id: 'list', method: 'GET', path: '/game/v1/rooms', summary: 'The rooms', auth: 'service', pathParams: [], query: [], answers: [], errors: [], curl: 'curl "{origin}/game/v1/rooms"' };
const service = { name: 'game', displayName: { 'zh-CN': '游戏', en: 'Game' }, base: '/game/v1', available: true, calls: [read], errors: [] };

describe("a service's SDK page", () => {
  const sdkEndpoint = agonesSdkEndpoint({
    capacity: null,
    ready: { 'zh-CN': '房间开放。', en: 'The room opens.' },
    health: null,
    playerConnect: { 'zh-CN': '玩家入座。', en: 'The player sits down.' },
  });

  it('shows a read with the app credential and the fewest path parameters, its address in JavaScript as in curl', () => {
    const param = { name: 'id', type: 'string', required: true, notes: [] };
    const write = { ...read, id: 'create', method: 'POST', path: '/game/v1/rooms', curl: 'curl -X POST "{origin}/game/v1/rooms"' };
    const open = { ...read, id: 'open', auth: 'none', path: '/game/v1/open', curl: 'curl "{origin}/game/v1/open"' };
    const one = { ...read, id: 'one', path: '/game/v1/rooms/{id}', pathParams: [param], curl: 'curl "{origin}/game/v1/rooms/$ID?full=$FULL"' };
    const two = { ...one, id: 'two', path: '/game/v1/rooms/{id}/seats/{seat}', pathParams: [param, param] };
    expect(sdkExampleCall([write, open, two, one])?.id).toBe('one');
    expect(sdkExampleCall([write, open])?.id).toBe('open');
    const page = sdkMarkdown(t, 'en', { ...service, calls: [write, two, one] }, 'https://play.example');
    expect(page).toContain('fetch(`https://play.example/game/v1/rooms/${process.env.ID}?full=${process.env.FULL}`');
    expect(page).toContain("await call('GET', `/game/v1/rooms/${process.env.ID}?full=${process.env.FULL}`)");
    expect(sdkMarkdown(t, 'en', { ...service, calls: [open] }, 'https://play.example')).toContain('const headers = {};');
  });

  it('calls the service over HTTP, and shows no SDK endpoint for a service that declares none', () => {
    const page = sdkMarkdown(t, 'en', service, 'https://play.example');
    expect(page).toContain('curl "https://play.example/game/v1/rooms"');
    expect(page).not.toContain('docs.sdk.endpoint.title');
  });

  it("lists the endpoint's variables and the declared calls in the gateway's order, each with its body and what it does there", () => {
    const page = sdkMarkdown(t, 'en', { ...service, sdkEndpoint }, 'https://play.example');
    expect(page).toContain('## docs.sdk.endpoint.title');
    expect(page).toContain('| `AGONES_SDK_HTTP_PORT` |');
    const rows = page.split('\n').filter((l) => /^\| `(GET|POST|PUT) \//.test(l));
    expect(rows).toEqual([
      '| `PUT /alpha/player/capacity` | `{"count":100}` | Sets how many players may be connected at once; a connect beyond it answers 400. |',
      '| `POST /ready` | `{}` | Says the server is ready for players. The room opens. |',
      '| `POST /health` | `{}` | A health ping. |',
      '| `POST /alpha/player/connect` | `{"playerID":"player-1"}` | Reports a player connected; answers `{"bool": true}`, `false` when already connected. The player sits down. |',
    ]);
    expect(page).toContain("await sdk('POST', '/ready', {});");
    expect(page).toContain("setInterval(() => sdk('POST', '/health', {}).catch(console.error), 1000);");
    expect(sdkMarkdown(t, 'zh-CN', { ...service, sdkEndpoint }, 'https://play.example')).toContain('表示服务器已可接待玩家。房间开放。');
  });

  it('renders as tables and a highlighted example', () => {
    const html = markdownRenderer('Copy').render(sdkMarkdown(t, 'en', { ...service, sdkEndpoint }, 'https://play.example'));
    expect(html.match(/<table>/g)).toHaveLength(2);
    expect(html).toContain('<td><code>POST /ready</code></td>');
    // Code in a description shows as written (nothing escaped within it).
    expect(html).toContain('answers <code>{&quot;bool&quot;: true}</code>');
  });
});

describe('checking a declared SDK endpoint', () => {
  it('accepts what the helper makes, and names a call the endpoint does not have or under another path', () => {
    const decl = agonesSdkEndpoint({ ready: null, shutdown: null });
    expect(sdkEndpointProblems(decl)).toEqual([]);
    const wrong = { ...decl, calls: [{ ...decl.calls[0], path: '/readiness' }, { ...decl.calls[1], name: 'restart' as never }] };
    expect(sdkEndpointProblems(wrong)).toEqual(["'ready' is POST /ready", "'restart' is not a call of the SDK endpoint"]);
  });
});
