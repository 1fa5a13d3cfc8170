import { wind } from '../../../resources/wind';
import { CHANNEL_RULES, type ChannelName } from '../../../resources/wind/channel-rules';
import { RUNTIME_FUNCTIONS } from '../../../resources/wind/runtime-functions';
import { runtimeOf } from '../../../resources/wind/runtime-mapping';
import { modelOf, type Ctx } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import { conflict, notFound } from '../../engine/errors';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { auditIn } from '../../engine/write';
import { httpAdapter, type ChannelAdapter } from './adapters';
import { buildOf, fileOf, zipOf, type Build } from './build';
import { packageProblems, subpackagesOf } from './package-check';

const channelsOf = (ctx: Ctx) => modelOf(ctx, wind.name, 'channels');
const publishesOf = (ctx: Ctx) => modelOf(ctx, wind.name, 'publishes');

interface PublishInput {
  bucketId: string;
  releaseId: string;
  versionName: string;
  description?: string;
  engineVersion?: string;
  channels?: ChannelName[];
}

interface Step {
  channel: string;
  state: 'succeeded' | 'failed' | 'skipped';
  messages: string[];
  uploadedAt?: string;
}

/** The enabled channels' saved configurations (secrets included), in the console's order; those asked for only. */
async function enabledChannels(ctx: Ctx, appId: string, asked?: ChannelName[]): Promise<Data[]> {
  const m = channelsOf(ctx);
  const saved = await records(ctx.db, m).find(appId, { where: { enabled: true } });
  const enabled = Object.keys(CHANNEL_RULES).flatMap((name) => saved.filter((c) => c.channel === name));
  if (!asked) {
    if (!enabled.length) throw conflict('INVALID_TRANSITION', 'no channel is enabled');
    return withSecrets(ctx, appId, enabled);
  }
  const off = asked.find((name) => !enabled.some((c) => c.channel === name));
  if (off) throw conflict('INVALID_TRANSITION', `channel ${off} is not enabled`);
  return withSecrets(ctx, appId, enabled.filter((c) => asked.includes(c.channel as ChannelName)));
}

async function withSecrets(ctx: Ctx, appId: string, channels: Data[]): Promise<Data[]> {
  return Promise.all(channels.map(async (c) => ({ ...c, ...(await ctx.store.writeOnlyValues(channelsOf(ctx), appId, String(c.id))) })));
}

/**
 * One channel's step: the package checked against the channel's rules (`resources/wind/channel-rules.ts`), then,
 * with credentials and an upload endpoint, uploaded through the adapter; without either it says so.
 */
async function stepFor(ctx: Ctx, build: Build, channel: Data, input: PublishInput, zip: () => Promise<Uint8Array>, adapter: ChannelAdapter): Promise<Step> {
  const name = String(channel.channel);
  const rules = CHANNEL_RULES[name as ChannelName];
  const config = await fileOf(ctx, build, rules.config);
  const subpackages = subpackagesOf(rules.config, config?.toString('utf8'));
  const problems = typeof subpackages === 'string' ? [subpackages] : packageProblems(rules, build.files, subpackages);
  if (problems.length) return { channel: name, state: 'failed', messages: problems };
  if (!channel.idKey || !channel.secretKey) return { channel: name, state: 'skipped', messages: ['the channel has no credentials: set its app id and secret'] };
  if (!channel.uploadUrl) return { channel: name, state: 'skipped', messages: ['no upload endpoint is set: the package was checked, not uploaded'] };
  const outcome = await adapter.upload({
    channel: name,
    url: String(channel.uploadUrl),
    appId: String(channel.idKey),
    secret: String(channel.secretKey),
    version: input.versionName,
    description: input.description ?? '',
    options: (channel.options as Record<string, unknown>) ?? {},
    zip: await zip(),
  });
  return outcome.ok
    ? { channel: name, state: 'succeeded', messages: [outcome.message], uploadedAt: new Date().toISOString() }
    : { channel: name, state: 'failed', messages: [outcome.message] };
}

/** Every step succeeded; none did (and one failed); or some of each. */
function outcomeOf(steps: Step[]): 'succeeded' | 'partial' | 'failed' {
  if (steps.every((s) => s.state === 'succeeded')) return 'succeeded';
  if (steps.some((s) => s.state === 'failed') && !steps.some((s) => s.state === 'succeeded')) return 'failed';
  return 'partial';
}

/**
 * A publish: the record made `running` first (so the state call sees it while the steps run), each enabled
 * channel's step in turn, then the steps and the outcome written, and the publish in the operation history as its
 * caller's. The zip is made once, when a first channel uploads.
 */
export async function publish(ctx: Ctx, appId: string, actor: string, input: PublishInput, adapter: ChannelAdapter = httpAdapter): Promise<Data> {
  const channels = await enabledChannels(ctx, appId, input.channels);
  const build = await buildOf(ctx, appId, input.bucketId, input.releaseId);
  const publishes = records(ctx.db, publishesOf(ctx));
  const packageBytes = build.files.reduce((s, f) => s + f.size, 0);
  const { channels: _asked, ...described } = input;
  const made = await publishes.insert(appId, { description: '', ...described, runtime: runtimeOf(input.engineVersion), packageBytes, steps: [] }, { status: 'running' });
  let zipped: Promise<Uint8Array> | undefined;
  const zip = () => (zipped ??= zipOf(ctx, build));
  const steps: Step[] = [];
  for (const channel of channels) steps.push(await stepFor(ctx, build, channel, input, zip, adapter));
  const done = await publishes.updateOne(appId, String(made.id), { status: outcomeOf(steps), set: { steps } });
  await auditIn(ctx.db, { scopeId: appId, principal: { actor } }, publishesOf(ctx), 'create', String(done.id), undefined, done);
  return done;
}

export const windCallHandlers = (ctx: Ctx, adapter?: ChannelAdapter): CallHandlers => ({
  publish: async (call) => {
    return publish(ctx, call.scopeId, call.actor, call.input as unknown as PublishInput, adapter);
  },
  publishState: async (call) => {
    const { publishId } = call.input as { publishId?: string };
    const publishes = records(ctx.db, publishesOf(ctx));
    if (publishId) return publishes.get(call.scopeId, publishId, { message: 'no such publish' });
    const latest = await publishes.first(call.scopeId, { orderBy: '-createdAt' });
    if (!latest) throw notFound('no publish yet');
    return latest;
  },
  'runtime.functions': async () => ({
    total: RUNTIME_FUNCTIONS.length,
    functions: RUNTIME_FUNCTIONS.map((f) => ({ name: f.name, category: f.category, summary: f.summary.en, call: f.call, wraps: f.wraps })),
  }),
  'publishes.steps': async ({ record }) => {
    const steps = (record?.steps as Step[] | undefined) ?? [];
    return { total: steps.length, steps };
  },
});
