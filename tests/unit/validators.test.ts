import { describe, it, expect } from 'vitest';
import {
  generateDbPassword,
  IGNORED_UPLOAD_FOLDERS,
  isIgnoredUploadPath,
  isValidAmount,
  isValidCdnPrice,
  isValidDbPassword,
  isValidDbUsername,
  isValidDnsLabel,
  isValidInstanceName,
  isValidName,
  isValidPrice,
  isValidSlug,
  isAcceptedPackage,
  isZipType,
  PACKAGE_EXTENSIONS,
  ZIP_MIME_TYPES,
} from '../../src/lib/validators';

/** A repeatable random source in [0, 1) (mulberry32). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('isValidName', () => {
  it.each(['', 'a', '7', 'ab', 'a-b', 'a.b', 'my-app.v2', 'a--.b', '0z'])('accepts %j', (s) => {
    expect(isValidName(s)).toBe(true);
  });
  it.each(['A', '-', '.', '_', 'Ab', 'a_b', '-ab', 'ab-', '.ab', 'ab.', 'a b', 'aB'])('refuses %j', (s) => {
    expect(isValidName(s)).toBe(false);
  });
});

describe('isValidSlug', () => {
  it.each(['a', 'abc', 'a-b', 'abc-123-x9', 'ABC-def'])('accepts %j', (s) => {
    expect(isValidSlug(s)).toBe(true);
  });
  it.each(['', '-', 'a--b', '-a', 'a-', 'a_b', 'a.b', 'a b'])('refuses %j', (s) => {
    expect(isValidSlug(s)).toBe(false);
  });
});

describe('isValidDnsLabel', () => {
  it.each(['', 'a', '1', 'a-1', 'abc-def-9', 'a'.repeat(56), 'a' + '-'.repeat(54) + 'b'])('accepts %j', (s) => {
    expect(isValidDnsLabel(s)).toBe(true);
  });
  it.each(['a'.repeat(57), '-', '-a', 'a-', 'A', 'a.b', 'a_b', 'aB'])('refuses %j', (s) => {
    expect(isValidDnsLabel(s)).toBe(false);
  });
});

describe('isValidAmount', () => {
  it.each(['1', '10', '1.5', '1.23', '0.01', '100.00'])('accepts %j by default', (s) => {
    expect(isValidAmount(s)).toBe(true);
  });
  it.each(['', '0', '0.00', '0.0', '1.234', '-1', '1.', '.5', 'abc', '1,5', '+1', ' 1'])('refuses %j by default', (s) => {
    expect(isValidAmount(s)).toBe(false);
  });
  it('accepts zero only when zero is allowed', () => {
    expect(isValidAmount('0', { allowZero: true })).toBe(true);
    expect(isValidAmount('0.00', { allowZero: true })).toBe(true);
    expect(isValidAmount('', { allowZero: true })).toBe(false);
  });
  it('accepts a leading minus only when negatives are allowed', () => {
    expect(isValidAmount('-1', { allowNegative: true })).toBe(true);
    expect(isValidAmount('-1.25', { allowNegative: true })).toBe(true);
    expect(isValidAmount('-1.234', { allowNegative: true })).toBe(false);
    expect(isValidAmount('--1', { allowNegative: true })).toBe(false);
    expect(isValidAmount('1-', { allowNegative: true })).toBe(false);
    expect(isValidAmount('-1', { allowNegative: false })).toBe(false);
    expect(isValidAmount('-0', { allowNegative: true })).toBe(false);
    expect(isValidAmount('-0', { allowNegative: true, allowZero: true })).toBe(true);
  });
});

describe('isValidCdnPrice', () => {
  it.each(['0.1', '0.05', '0.123456'])('accepts %j', (s) => {
    expect(isValidCdnPrice(s)).toBe(true);
  });
  it.each(['', '0', '0.', '1.5', '00.1', '.5', '-0.1', '0.1a', '0.1.2'])('refuses %j', (s) => {
    expect(isValidCdnPrice(s)).toBe(false);
  });
});

describe('isValidPrice', () => {
  it.each(['0', '5', '12.5', '0.99', '100.001'])('accepts %j', (s) => {
    expect(isValidPrice(s)).toBe(true);
  });
  it.each(['', '1.', '.', 'abc', '1a', 'a1', '1.2.3', '-1'])('refuses %j', (s) => {
    expect(isValidPrice(s)).toBe(false);
  });
});

describe('isValidInstanceName', () => {
  it.each(['a', 'A', '1', '-', '_', 'my-db_01', 'x'.repeat(60)])('accepts %j', (s) => {
    expect(isValidInstanceName(s)).toBe(true);
  });
  it.each(['', 'x'.repeat(61), 'a.b', 'a b', 'a/b', 'db!'])('refuses %j', (s) => {
    expect(isValidInstanceName(s)).toBe(false);
  });
});

describe('isValidDbUsername', () => {
  it.each(['a', 'A_1', 'app_user', 'u'.repeat(16), 'users', 'MySQL', 'Root', 'rot', 'pg', 'pgx_', 'tencentdb', 'my_root'])(
    'accepts %j',
    (s) => {
      expect(isValidDbUsername(s)).toBe(true);
    },
  );
  it.each([
    '',
    'u'.repeat(17),
    'a-b',
    'a.b',
    'a b',
    'mysql',
    'mongo',
    'redis',
    'postgres',
    'user',
    'root',
    'root1',
    'rootadmin',
    'pg_',
    'pg_admin',
    'tencentdb_',
    'tencentdb_x',
  ])('refuses %j', (s) => {
    expect(isValidDbUsername(s)).toBe(false);
  });
});

describe('isValidDbPassword', () => {
  it.each(['aB3!aaaa', 'Abcdef1(', 'xY9@' + 'a'.repeat(26), '^)Zz00(#', 'Password1!'])('accepts %j', (s) => {
    expect(isValidDbPassword(s)).toBe(true);
  });
  it.each([
    ['too short (7)', 'aB3!aaa'],
    ['too long (31)', 'xY9@' + 'a'.repeat(27)],
    ['no lowercase', 'AB3!AAAA'],
    ['no uppercase', 'ab3!aaaa'],
    ['no digit', 'aB!!aaaa'],
    ['no special', 'aB3aaaaa'],
    ['disallowed special $', 'aB3!aaa$'],
    ['disallowed special -', 'aB3!aa-a'],
    ['space', 'aB3! aaa'],
    ['empty', ''],
  ])('refuses %s', (_label, s) => {
    expect(isValidDbPassword(s)).toBe(false);
  });
});

describe('generateDbPassword', () => {
  it('produces 200 valid passwords whose lengths vary within 8 to 30', () => {
    const lengths = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const p = generateDbPassword();
      expect(isValidDbPassword(p), p).toBe(true);
      expect(p.length).toBeGreaterThanOrEqual(8);
      expect(p.length).toBeLessThanOrEqual(30);
      lengths.add(p.length);
    }
    expect(lengths.size).toBeGreaterThan(1);
  });

  it('is repeatable with an injected random source', () => {
    expect(generateDbPassword(seeded(42))).toBe(generateDbPassword(seeded(42)));
    expect(isValidDbPassword(generateDbPassword(seeded(7)))).toBe(true);
  });

  it('reaches both length bounds with extreme random sources', () => {
    expect(generateDbPassword(() => 0).length).toBe(8);
    expect(generateDbPassword(() => 0.999999).length).toBe(30);
    expect(isValidDbPassword(generateDbPassword(() => 0))).toBe(true);
    expect(isValidDbPassword(generateDbPassword(() => 0.999999))).toBe(true);
  });

  it('does not always place the required classes first (shuffled)', () => {
    const firsts = new Set<string>();
    const rnd = seeded(1);
    const classes = (t: string) =>
      t.replace(/[a-z]/g, 'l').replace(/[A-Z]/g, 'U').replace(/\d/g, 'd').replace(/[!@#^()]/g, 's');
    for (let i = 0; i < 50; i++) firsts.add(classes(generateDbPassword(rnd).slice(0, 4)));
    expect(firsts.size).toBeGreaterThan(1);
  });
});

describe('uploads', () => {
  it('lists the accepted zip types', () => {
    expect([...ZIP_MIME_TYPES].sort()).toEqual(
      ['application/octet-stream', 'application/x-zip', 'application/x-zip-compressed', 'application/zip'].sort(),
    );
  });
  it.each(['application/zip', 'application/x-zip-compressed', 'application/octet-stream', 'application/x-zip'])(
    'accepts zip type %j',
    (m) => {
      expect(isZipType(m)).toBe(true);
    },
  );
  it.each(['', 'application/json', 'text/plain', 'application/gzip', 'application/x-tar', 'zip'])('refuses type %j', (m) => {
    expect(isZipType(m)).toBe(false);
  });

  it('lists the ignored folders', () => {
    expect([...IGNORED_UPLOAD_FOLDERS].sort()).toEqual(['.git', '.vscode', 'node_modules'].sort());
  });
  it.each([
    'node_modules/x/index.js',
    'app/node_modules/a.js',
    '.git/config',
    'src/.vscode/settings.json',
    'proj\\node_modules\\a.js',
    '.git',
  ])('ignores %j', (p) => {
    expect(isIgnoredUploadPath(p)).toBe(true);
  });
  it.each(['src/index.js', 'node_modules_backup/a.js', 'my.git/a', '.gitignore', '.vscode-old/x', 'docs/node_modules.md'])(
    'keeps %j',
    (p) => {
      expect(isIgnoredUploadPath(p)).toBe(false);
    },
  );
});

// Spec 001 §5: "Accepted upload file types: android apk; safe apk and aab; harmony hap."
describe('packages', () => {
  it('lists the accepted extensions per kind', () => {
    expect(PACKAGE_EXTENSIONS).toEqual({ android: ['.apk'], harmony: ['.hap'], safe: ['.apk', '.aab'] });
  });
  it.each([
    ['game.apk', 'android'],
    ['GAME.APK', 'android'],
    ['my.game.v2.apk', 'android'],
    ['game.hap', 'harmony'],
    ['game.apk', 'safe'],
    ['game.aab', 'safe'],
  ] as const)('accepts %j as %s', (name, kind) => {
    expect(isAcceptedPackage(name, kind)).toBe(true);
  });
  it.each([
    ['game.aab', 'android'],
    ['game.hap', 'android'],
    ['game.apk', 'harmony'],
    ['game.hap', 'safe'],
    ['game.apk.zip', 'android'],
    ['gameapk', 'android'],
    ['.apk', 'android'],
    ['', 'safe'],
  ] as const)('refuses %j as %s', (name, kind) => {
    expect(isAcceptedPackage(name, kind)).toBe(false);
  });
});
