/**
 * Load from wrk (C, when installed) in the shape bench/collect.mjs reads from autocannon. wrk
 * needs far less CPU than autocannon (JavaScript) to generate the same load, which on a 2-core
 * machine leaves the server under test more of the other core; DESIGN.md's calibration used it.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The wrk binary on PATH, or null. */
export function findWrk() {
  try {
    return execFileSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

const luaString = (value) => JSON.stringify(value); // a JSON string literal is a valid Lua string here

function script({ method, headers, body }) {
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`)
    .join('\n');
  return `
wrk.method = ${luaString(method)}
wrk.body = ${luaString(body)}
${headerLines}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\\nRESULT {"requests":%d,"durationUs":%d,"non2xx":%d,"errors":%d,"timeouts":%d,"p50":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;
}

/**
 * Runs wrk (one thread) against `url` and resolves with autocannon's fields that the bench uses.
 * wrk counts completed responses only: requests in flight when time is up are left out, as
 * autocannon leaves them out of its 2xx count.
 */
export function runWrk(wrk, { url, method, headers, body, connections, duration }) {
  const dir = mkdtempSync(join(tmpdir(), 'hearback-wrk-'));
  const file = join(dir, 'request.lua');
  writeFileSync(file, script({ method, headers, body }));
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', '10s', '-s', file, url];
  return new Promise((resolve, reject) => {
    execFile(wrk, args, { encoding: 'utf8' }, (error, stdout, stderr) => {
      rmSync(dir, { recursive: true, force: true });
      const line = /RESULT (\{.*\})/.exec(stdout)?.[1];
      if (error || !line) {
        reject(new Error(`wrk failed: ${error?.message ?? ''}\n${stdout}${stderr}`));
        return;
      }
      const result = JSON.parse(line);
      const answered = result.requests;
      resolve({
        '2xx': answered - result.non2xx,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        // At most one request per connection was still unanswered at the end.
        totalRequests: answered + connections,
        requests: { average: answered / (result.durationUs / 1e6) },
        latency: { p50: Math.round(result.p50 / 1000), p99: Math.round(result.p99 / 1000) },
      });
    });
  });
}
