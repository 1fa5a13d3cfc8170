/**
 * A MongoDB wire-protocol responder for tests (MongoDB has no Debian package, so CI runs no server): a TCP server
 * reading the messages the real `mongodb` driver sends — the handshake's OP_QUERY (answered with OP_REPLY), then
 * OP_MSG with its body and document sequences — recording every command (name, database, body) and answering with
 * the shapes MongoDB's manual documents: users (createUser, updateUser, dropUser, usersInfo), sessions and operations
 * (currentOp, killAllSessionsByPattern, killOp), the profiler, dbStats and top, and collections kept in memory for
 * backups (listCollections, listIndexes, find, insert, create, drop, dropDatabase, createIndexes). Errors come as
 * MongoDB sends them: `{ ok: 0, errmsg, code, codeName }`; `refuseNext` makes the next command of a name fail so.
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { BSON, type Document } from 'mongodb';

const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_MSG = 2013;

export interface Received {
  name: string;
  db: string;
  command: Document;
}

interface Collection {
  type: 'collection' | 'view';
  options: Document;
  docs: Document[];
  indexes: Document[];
}

export interface Refusal {
  code: number;
  codeName: string;
  errmsg: string;
}

const fail = (r: Refusal): Document => ({ ok: 0, ...r });

/** Whether a document has each of the filter's top-level values (the equality the tests' filters use). */
const matches = (doc: Document, filter: Document = {}) => Object.entries(filter).every(([k, v]) => JSON.stringify(k.split('.').reduce<unknown>((o, p) => (o as Document | undefined)?.[p], doc)) === JSON.stringify(v));

export class MongoResponder {
  readonly received: Received[] = [];
  /** Users by `db.user`. */
  readonly users = new Map<string, Document>();
  /** Collections by namespace (`db.name`). */
  readonly collections = new Map<string, Collection>();
  /** What currentOp lists (the tests put a user's connections here). */
  ops: Document[] = [];
  /** What top counts for each namespace. */
  topCounts: Record<string, number> = {};
  readonly profileLevel = new Map<string, number>();
  private readonly refusals = new Map<string, Refusal[]>();
  private readonly sockets = new Set<Socket>();
  private server?: Server;
  private connections = 0;

  async start(): Promise<string> {
    this.server = createServer((socket) => this.serve(socket));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `mongodb://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The next command of this name fails with MongoDB's error. */
  refuseNext(name: string, refusal: Refusal): void {
    this.refusals.set(name, [...(this.refusals.get(name) ?? []), refusal]);
  }

  /** The commands received of these names (the driver's handshakes and heartbeats left out). */
  commands(...names: string[]): Received[] {
    return this.received.filter((r) => names.includes(r.name));
  }

  collection(ns: string): Collection {
    let c = this.collections.get(ns);
    if (!c) this.collections.set(ns, (c = { type: 'collection', options: {}, docs: [], indexes: [] }));
    return c;
  }

  private serve(socket: Socket): void {
    this.sockets.add(socket);
    const id = ++this.connections;
    let buffered = Buffer.alloc(0);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 4 && buffered.readInt32LE(0) <= buffered.length) {
        const message = buffered.subarray(0, buffered.readInt32LE(0));
        buffered = buffered.subarray(message.length);
        const reply = this.answer(message, id);
        if (reply) socket.write(reply);
      }
    });
  }

  private answer(message: Buffer, connectionId: number): Buffer | undefined {
    const requestId = message.readInt32LE(4);
    const opCode = message.readInt32LE(12);
    if (opCode === OP_QUERY) {
      let at = 20;
      const end = message.indexOf(0, at);
      const collection = message.subarray(at, end).toString('utf8');
      at = end + 1 + 8;
      const query = BSON.deserialize(message.subarray(at, at + message.readInt32LE(at)));
      const body = BSON.serialize(this.run(query, collection.replace(/\.\$cmd$/, ''), connectionId));
      const head = Buffer.alloc(36);
      head.writeInt32LE(36 + body.length, 0);
      head.writeInt32LE(requestId, 8);
      head.writeInt32LE(OP_REPLY, 12);
      head.writeInt32LE(1, 32);
      return Buffer.concat([head, body]);
    }
    if (opCode !== OP_MSG) throw new Error(`unexpected opCode ${opCode}`);
    const flags = message.readUInt32LE(16);
    const end = message.length - (flags & 1 ? 4 : 0);
    let at = 20;
    let command: Document = {};
    const sequences: Record<string, Document[]> = {};
    while (at < end) {
      const kind = message[at++];
      const size = message.readInt32LE(at);
      if (kind === 0) command = BSON.deserialize(message.subarray(at, at + size));
      else {
        const nameEnd = message.indexOf(0, at + 4);
        const identifier = message.subarray(at + 4, nameEnd).toString('utf8');
        const docs: Document[] = [];
        for (let d = nameEnd + 1; d < at + size; d += message.readInt32LE(d)) docs.push(BSON.deserialize(message.subarray(d, d + message.readInt32LE(d))));
        sequences[identifier] = docs;
      }
      at += size;
    }
    const answer = this.run({ ...command, ...sequences }, String(command.$db), connectionId);
    if (flags & 2) return undefined;
    const body = BSON.serialize(answer);
    const head = Buffer.alloc(21);
    head.writeInt32LE(21 + body.length, 0);
    head.writeInt32LE(requestId, 8);
    head.writeInt32LE(OP_MSG, 12);
    return Buffer.concat([head, body]);
  }

  private run(command: Document, db: string, connectionId: number): Document {
    const name = Object.keys(command)[0];
    const handshake = ['hello', 'isMaster', 'ismaster'].includes(name);
    if (handshake) {
      return { helloOk: true, isWritablePrimary: true, ismaster: true, maxBsonObjectSize: 16777216, maxMessageSizeBytes: 48000000, maxWriteBatchSize: 100000, localTime: new Date(), logicalSessionTimeoutMinutes: 30, connectionId, minWireVersion: 0, maxWireVersion: 21, readOnly: false, ok: 1 };
    }
    this.received.push({ name, db, command });
    const refusal = this.refusals.get(name)?.shift();
    if (refusal) return fail(refusal);
    return this.reply(name, command, db);
  }

  private reply(name: string, c: Document, db: string): Document {
    const key = `${db}.${String(c[name])}`;
    const cursor = (ns: string, firstBatch: Document[]) => ({ cursor: { id: BSON.Long.fromNumber(0), ns, firstBatch }, ok: 1 });
    const ofDb = (prefix: string) => [...this.collections.entries()].filter(([ns]) => ns.startsWith(`${prefix}.`));
    switch (name) {
      case 'ping':
      case 'endSessions':
      case 'killAllSessionsByPattern':
      case 'killOp':
        return { ok: 1 };
      case 'createUser':
        if (this.users.has(key)) return fail({ code: 51003, codeName: 'Location51003', errmsg: `User "${String(c.createUser)}@${db}" already exists` });
        this.users.set(key, { _id: key, user: c.createUser, db, roles: c.roles, customData: c.customData, pwd: c.pwd });
        return { ok: 1 };
      case 'updateUser':
        if (!this.users.has(key)) return fail({ code: 11, codeName: 'UserNotFound', errmsg: `Could not find user "${String(c.updateUser)}" for db "${db}"` });
        this.users.set(key, { ...this.users.get(key), ...(c.pwd ? { pwd: c.pwd } : {}) });
        return { ok: 1 };
      case 'dropUser':
        if (!this.users.delete(key)) return fail({ code: 11, codeName: 'UserNotFound', errmsg: `User '${String(c.dropUser)}@${db}' not found` });
        return { ok: 1 };
      case 'usersInfo':
        return { users: [...this.users.values()].filter((u) => matches(u, c.filter as Document)).map(({ pwd: _pwd, ...u }) => u), ok: 1 };
      case 'currentOp':
        return { inprog: this.ops, ok: 1 };
      case 'profile': {
        const was = this.profileLevel.get(db) ?? 0;
        if (Number(c.profile) >= 0) this.profileLevel.set(db, Number(c.profile));
        return { was, slowms: 100, sampleRate: 1, ok: 1 };
      }
      case 'dbStats': {
        const mine = ofDb(db);
        return { db, collections: mine.length, objects: mine.reduce((n, [, col]) => n + col.docs.length, 0), storageSize: 20480, indexSize: 4096, ok: 1 };
      }
      case 'top':
        return { totals: { note: 'all times in microseconds', ...Object.fromEntries(Object.entries(this.topCounts).map(([ns, count]) => [ns, { total: { time: 10 * count, count } }])) }, ok: 1 };
      case 'listCollections':
        return cursor(`${db}.$cmd.listCollections`, ofDb(db).map(([ns, col]) => ({ name: ns.slice(db.length + 1), type: col.type, options: col.options, info: { readOnly: col.type === 'view' } })));
      case 'listIndexes':
        return cursor(key, [{ v: 2, key: { _id: 1 }, name: '_id_' }, ...this.collection(key).indexes.map((i) => ({ v: 2, ...i }))]);
      case 'find': {
        const col = this.collections.get(key);
        const found = (col?.docs ?? []).filter((d) => matches(d, c.filter as Document));
        return cursor(key, c.limit ? found.slice(0, Number(c.limit)) : found);
      }
      case 'insert':
        this.collection(key).docs.push(...(c.documents as Document[]));
        return { n: (c.documents as Document[]).length, ok: 1 };
      case 'create': {
        if (this.collections.has(key)) return fail({ code: 48, codeName: 'NamespaceExists', errmsg: `Collection ${key} already exists.` });
        const options = Object.fromEntries(Object.entries(c).filter(([k]) => k !== 'create' && k !== 'lsid' && !k.startsWith('$')));
        this.collections.set(key, { type: options.viewOn ? 'view' : 'collection', options, docs: [], indexes: [] });
        return { ok: 1 };
      }
      case 'drop':
        if (!this.collections.delete(key)) return fail({ code: 26, codeName: 'NamespaceNotFound', errmsg: 'ns not found' });
        return { ns: key, nIndexesWas: 1, ok: 1 };
      case 'dropDatabase':
        for (const [ns] of ofDb(db)) this.collections.delete(ns);
        return { dropped: db, ok: 1 };
      case 'createIndexes':
        this.collection(key).indexes.push(...(c.indexes as Document[]));
        return { numIndexesBefore: 1, numIndexesAfter: 1 + (c.indexes as Document[]).length, ok: 1 };
      default:
        return fail({ code: 59, codeName: 'CommandNotFound', errmsg: `no such command: '${name}'` });
    }
  }
}
