/**
 * Counting the statements a PostgreSQL client sends, as the embedded server's front door passes its bytes on: each
 * simple query (`Q`) and each execute of a prepared one (`E`) is one operation. The messages after sign-in are a type
 * byte and a 4-byte length (which counts itself); their framing is followed across chunks.
 */
import { Transform } from 'node:stream';

export function statementCounter(counted: (n: number) => void): Transform {
  let header = Buffer.alloc(0);
  let skip = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      let n = 0;
      let at = 0;
      while (at < chunk.length) {
        if (skip > 0) {
          const step = Math.min(skip, chunk.length - at);
          skip -= step;
          at += step;
          continue;
        }
        const need = 5 - header.length;
        header = Buffer.concat([header, chunk.subarray(at, at + need)]);
        at += Math.min(need, chunk.length - at);
        if (header.length < 5) break;
        const type = String.fromCharCode(header[0]);
        if (type === 'Q' || type === 'E') n++;
        skip = Math.max(0, header.readInt32BE(1) - 4);
        header = Buffer.alloc(0);
      }
      if (n) counted(n);
      done(null, chunk);
    },
  });
}
