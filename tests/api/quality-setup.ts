import { allowedHeaders, isPublic } from './quality-access';
import { paramNames, probeOf, requestOf } from './quality-requests';
import { createdIdOf, createWorld, noteCreated, sealWorld, type World } from './quality-world';

/**
 * The world with one of everything A can create: each `POST <collection>` the server mounts is called once with a
 * valid sample as a caller it allows, and what answers 201 becomes the record that `<collection>/:id` calls aim at.
 * Routes added later get their records the same way.
 */
export async function prepareWorld(): Promise<World> {
  const w = await createWorld();
  const creators = w.h.api.routes.filter((r) => r.method === 'POST' && paramNames(r.url).length === 0 && !isPublic(r) && !r.url.endsWith('/search'));
  for (const route of creators) {
    const probe = probeOf(w, route);
    const res = await w.h.req(requestOf(probe, allowedHeaders(w, route)));
    if (res.statusCode === 201) noteCreated(w, route, res.json());
    else if (res.statusCode === 200 && res.headers['content-type']?.toString().startsWith('application/json')) {
      const answer = res.json();
      if (typeof answer === 'object' && answer !== null && !Array.isArray(answer)) w.answers.push(answer);
    }
  }
  await discover(w);
  await sealWorld(w);
  return w;
}

/** The first record of an answer that lists some: the first item of its first list of objects with an id. */
function firstListed(answer: unknown): Record<string, unknown> | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const lists = Array.isArray(answer) ? [answer] : Object.values(answer).filter(Array.isArray);
  for (const list of lists) {
    const item = (list as unknown[])[0];
    if (typeof item === 'object' && item !== null && createdIdOf(item as Record<string, unknown>)) return item as Record<string, unknown>;
  }
  return undefined;
}

/**
 * Records A already holds (the demo data) for collections nothing was created in: each list call is made once, and
 * its first record is what `<collection>/:id` calls aim at.
 */
async function discover(w: World): Promise<void> {
  const lists = w.h.api.routes.filter((r) => paramNames(r.url).length === 0 && !isPublic(r) && (r.method === 'GET' || r.url.endsWith('/search')));
  for (const route of lists) {
    const collection = route.url.replace(/\/search$/, '');
    if (w.created.has(collection)) continue;
    const headers = allowedHeaders(w, route);
    const res = await w.h.req(requestOf(probeOf(w, route), headers));
    if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('application/json')) continue;
    const record = firstListed(res.json());
    if (!record) continue;
    // Only what A's own callers listed is A's; an administrator's list may show anyone's.
    const ofA = (headers === w.appHeaders || headers === w.headers.owner) && !w.b.marks.some((m) => JSON.stringify(record).includes(m));
    noteCreated(w, route, record, collection, ofA);
  }
}

export const closeWorld = (w: World) => w.h.close();
