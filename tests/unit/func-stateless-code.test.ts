import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { envName, hostAllowed, ignoredPath } from '../../resources/func-stateless/limits';
import { CodeError, contentHash, entryFileOf, packageOfFiles, packageOfZip } from '../../server/services/func-stateless/code';
import { gbSecondsOf } from '../../server/services/func-stateless/invoke';
import { nextRun } from '../../server/services/func-stateless/triggers';

describe('spec 001 §5 rules', () => {
  it('makes environment variable names valid', () => {
    expect(envName('API_KEY')).toBe('API_KEY');
    expect(envName('my-key.v2')).toBe('my_key_v2');
    expect(envName('1st')).toBe('_1st');
    expect(envName('_x')).toBe('__x');
    expect(envName('$y')).toBe('_$y');
  });

  it('leaves out node_modules, .git and .vscode at any depth', () => {
    expect(['node_modules/a.js', 'lib/.git/HEAD', '.vscode/x.json', 'a/node_modules/b'].every(ignoredPath)).toBe(true);
    expect(['index.js', 'lib/git.js', 'node_modules.js'].some(ignoredPath)).toBe(false);
  });
});

describe('allowed hosts', () => {
  it('match a host by name, or under a *. domain, never a longer lookalike', () => {
    expect(hostAllowed('api.example.com', ['api.example.com'])).toBe(true);
    expect(hostAllowed('API.Example.com.', ['api.example.com'])).toBe(true);
    expect(hostAllowed('a.b.example.com', ['*.example.com'])).toBe(true);
    expect(hostAllowed('example.com', ['*.example.com'])).toBe(false);
    expect(hostAllowed('evilexample.com', ['*.example.com'])).toBe(false);
    expect(hostAllowed('api.example.com.evil.net', ['api.example.com'])).toBe(false);
    expect(hostAllowed('anything', [])).toBe(false);
  });
});

describe('code packages', () => {
  it('hash the same files the same whatever their order, and differently when a byte or a path differs', () => {
    const a = contentHash({ 'index.js': 'x', 'lib.js': 'y' });
    expect(contentHash({ 'lib.js': 'y', 'index.js': 'x' })).toBe(a);
    expect(contentHash({ 'index.js': 'x', 'lib.js': 'z' })).not.toBe(a);
    expect(contentHash({ 'index.js': 'x', 'lib2.js': 'y' })).not.toBe(a);
    // A path and its content cannot run into each other.
    expect(contentHash({ ab: 'c' })).not.toBe(contentHash({ a: 'bc' }));
  });

  it('name the entry file of a handler', () => {
    expect(entryFileOf('index.handler')).toBe('index.js');
    expect(entryFileOf('src/main.run')).toBe('src/main.js');
  });

  it('refuse files outside the root and a package without its entry file', () => {
    expect(() => packageOfFiles({ '../x.js': '' }, 'index.js')).toThrow(CodeError);
    expect(() => packageOfFiles({ 'main.js': '' }, 'index.js')).toThrow('the entry file index.js is not in the package');
    expect(packageOfFiles({ 'index.js': 'a', 'node_modules/m.js': 'b' }, 'index.js')).toMatchObject({ files: { 'index.js': 'a' }, skipped: ['node_modules/m.js'], codeBytes: 1 });
  });

  it('read a zip: the single top folder dropped, a zip cut short refused', () => {
    const zip = zipSync({ 'pkg/index.js': strToU8('exports.handler = () => 1;'), 'pkg/.git/HEAD': strToU8('x') });
    expect(packageOfZip(zip, 'index.js')).toMatchObject({ files: { 'index.js': 'exports.handler = () => 1;' }, skipped: ['.git/HEAD'] });
    expect(() => packageOfZip(zip.slice(0, zip.length - 10), 'index.js')).toThrow('the archive is damaged');
    expect(() => packageOfZip(strToU8('not a zip'), 'index.js')).toThrow('the upload is not a zip archive');
  });
});

describe('billing and timers', () => {
  it('bill the memory limit times the duration, at least a millisecond', () => {
    expect(gbSecondsOf(1024, 1000).toString()).toBe('1');
    expect(gbSecondsOf(128, 250).toString()).toBe('0.03125');
    expect(gbSecondsOf(64, 0).toString()).toBe('0.0000625');
  });

  it('find the next time of a five-field cron in Asia/Shanghai time, and refuse other shapes', () => {
    // 00:00 in Shanghai is 16:00 UTC the day before.
    expect(nextRun('0 0 * * *', new Date('2026-01-01T12:00:00Z')).toISOString()).toBe('2026-01-01T16:00:00.000Z');
    expect(() => nextRun('0 0 * *', new Date())).toThrow();
    expect(() => nextRun('0 0 0 * * *', new Date())).toThrow();
  });
});
