/**
 * MongoDB backups: a logical dump read with the administrator's client, one line of canonical Extended JSON each (so
 * every BSON type comes back as it was): for each collection of the database (its `system.` ones left out) a line
 * naming it with its options and indexes, then a line per document; a view is one line with its definition. A restore
 * drops the database's collections and views, makes each collection again with its options, inserts its documents
 * in batches and builds its indexes, then makes the views — so a file made from one database restores into another.
 */
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BSON, type Db, type Document } from 'mongodb';
import type { ServerTarget } from './managed-server';
import { asMongoAdministrator, mongoProblem } from './configured-mongo';
import type { BackupEngine } from './backup-engines';

const { EJSON } = BSON;

const BATCH = 500;

/** Values read as their BSON types (an Int64 that fits a number stays an Int64, a regex a BSON regex). */
const AS_STORED = { promoteValues: false, promoteLongs: false, promoteBuffers: false, bsonRegExp: true } as const;

/** One line of a MongoDB backup. */
export type MongoBackupLine =
  | { collection: string; options: Document; indexes: Document[] }
  | { view: string; options: Document }
  | { c: string; d: Document };

const line = (l: MongoBackupLine) => `${EJSON.stringify(l, { relaxed: false })}\n`;

/** The database's own collections and views (not `system.*`), as listCollections answers them. */
async function collectionsOf(db: Db): Promise<{ name: string; type: string; options: Document }[]> {
  const all = (await db.listCollections({}, { nameOnly: false }).toArray()) as { name: string; type?: string; options?: Document }[];
  return all.filter((c) => !c.name.startsWith('system.')).map((c) => ({ name: c.name, type: c.type ?? 'collection', options: c.options ?? {} }));
}

/** An index as createIndexes takes it back: its definition without the version and namespace the server adds. */
function indexSpec(index: Document): Document {
  const { v: _v, ns: _ns, ...spec } = index;
  return spec;
}

export function mongoBackup(adminUrl: string, t: ServerTarget): BackupEngine {
  return {
    format: 'mongo-ejson',
    extension: 'jsonl',
    dump: (output) =>
      asMongoAdministrator(adminUrl, async (client) => {
        const db = client.db(t.databaseName);
        async function* lines() {
          const found = await collectionsOf(db).catch((e: unknown) => Promise.reject(mongoProblem(e, 'listCollections', t)));
          for (const c of found.filter((c) => c.type === 'collection')) {
            const indexes = (await db.collection(c.name).listIndexes().toArray()).filter((i) => i.name !== '_id_').map(indexSpec);
            yield line({ collection: c.name, options: c.options, indexes });
            for await (const d of db.collection(c.name).find({}, { batchSize: BATCH, ...AS_STORED })) yield line({ c: c.name, d });
          }
          for (const v of found.filter((c) => c.type === 'view')) yield line({ view: v.name, options: v.options });
        }
        await pipeline(Readable.from(lines()), output);
      }),
    restore: (input) =>
      asMongoAdministrator(adminUrl, async (client) => {
        const db = client.db(t.databaseName);
        for (const c of await collectionsOf(db)) await db.collection(c.name).drop();
        const indexes = new Map<string, Document[]>();
        const views: { view: string; options: Document }[] = [];
        let batch: Document[] = [];
        let into = '';
        const send = async () => {
          if (batch.length) await db.collection(into).insertMany(batch, { ordered: true, bypassDocumentValidation: true });
          batch = [];
        };
        for await (const text of createInterface({ input, crlfDelay: Infinity })) {
          if (!text.trim()) continue;
          const l = EJSON.parse(text, { relaxed: false }) as MongoBackupLine;
          if ('c' in l) {
            if (l.c !== into) await send();
            into = l.c;
            batch.push(l.d);
            if (batch.length >= BATCH) await send();
          } else if ('collection' in l) {
            await send();
            await db.createCollection(l.collection, l.options);
            indexes.set(l.collection, l.indexes);
          } else views.push(l);
        }
        await send();
        for (const [name, specs] of indexes) if (specs.length) await db.command({ createIndexes: name, indexes: specs });
        for (const v of views) await db.createCollection(v.view, v.options);
      }),
  };
}
