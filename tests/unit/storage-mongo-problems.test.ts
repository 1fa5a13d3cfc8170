/**
 * MongoDB's refusals as Storage says them (`mongoProblem`): the codes MongoDB documents, each read for what it means
 * for the database, the command named and nothing else of it repeated.
 */
import { describe, expect, it } from 'vitest';
import { MongoServerError } from 'mongodb';
import { mongoProblem, rolesOf } from '../../server/services/storage/configured-mongo';

const refusal = (code: number, codeName: string, errmsg: string) => new MongoServerError({ ok: 0, code, codeName, errmsg });
const target = { user: 'guild_1a2b3c4d', databaseName: 'guild_hall_1a2b3c4d' };

describe('MongoDB refusals', () => {
  it('name the user for 51003 (exists) and 11 (UserNotFound)', () => {
    expect(mongoProblem(refusal(51003, 'Location51003', 'User "guild_1a2b3c4d@guild_hall_1a2b3c4d" already exists'), 'createUser', target).message).toBe(
      'the MongoDB user guild_1a2b3c4d in guild_hall_1a2b3c4d already exists on the server',
    );
    expect(mongoProblem(refusal(11, 'UserNotFound', 'Could not find user'), 'updateUser', target).message).toBe('the MongoDB user guild_1a2b3c4d in guild_hall_1a2b3c4d no longer exists on the server');
  });

  it('say which roles the administrator lacks for 13 (Unauthorized), naming the command', () => {
    const message = mongoProblem(refusal(13, 'Unauthorized', 'not authorized on admin to execute command { top: 1 }'), 'top').message;
    expect(message).toMatch(/^the MongoDB server refused top: /);
    for (const role of ['userAdminAnyDatabase', 'dbAdminAnyDatabase', 'readWriteAnyDatabase', 'clusterMonitor', 'hostManager']) expect(message).toContain(role);
  });

  it('pass any other refusal on with its code name, and an error that is not the server’s as it is', () => {
    expect(mongoProblem(refusal(59, 'CommandNotFound', "no such command: 'top'"), 'top').message).toBe("the MongoDB server refused top: CommandNotFound no such command: 'top'");
    const network = new Error('connect ECONNREFUSED 127.0.0.1:27017');
    expect(mongoProblem(network, 'createUser')).toBe(network);
  });

  it('give a database’s user roles on that database alone', () => {
    expect(rolesOf('guild_hall_1a2b3c4d')).toEqual([
      { role: 'readWrite', db: 'guild_hall_1a2b3c4d' },
      { role: 'dbAdmin', db: 'guild_hall_1a2b3c4d' },
    ]);
  });
});
