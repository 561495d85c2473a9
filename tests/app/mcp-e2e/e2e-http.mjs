// McpSdkHttpEndToEndTest: `errata serve`'s /mcp driven by the official MCP
// TypeScript SDK client over Streamable HTTP (StreamableHTTPClientTransport),
// as a remote agent drives it. On a copy of the sample KB, a server started
// with a token and an outcomes folder on a free loopback port: connect, list
// the tools, every hand-written lookup case of the lookup benchmark right
// first, get_record, batch_lookup, report_outcome refused without the token
// and kept with it (in the outcomes folder, never in the KB), a second client
// without initialize state of its own, and SIGTERM ending the server with 0.
//
//   node e2e-http.mjs ERRATA SAMPLE_KB CASES_JSON WORK_DIR

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const [errata, sampleKb, casesFile, workDir] = process.argv.slice(2);
let failures = 0;
function check(ok, what) {
    if (!ok) {
        failures += 1;
        console.error(`FAIL: ${what}`);
    }
}

const kb = path.join(workDir, 'http-kb');
const outcomes = path.join(workDir, 'http-outcomes');
const tokenFile = path.join(workDir, 'http-token');
const token = 'e2e-token-0123456789abcdef';
for (const folder of [kb, outcomes])
    fs.rmSync(folder, { recursive: true, force: true });
fs.cpSync(sampleKb, kb, { recursive: true });
fs.mkdirSync(outcomes);
fs.writeFileSync(tokenFile, token + '\n', { mode: 0o600 });

const server = spawn(errata, ['serve', '--kb', kb, '--listen', '127.0.0.1:0', '--token-file', tokenFile,
    '--outcomes-dir', outcomes], {
    env: { ...process.env, XDG_CACHE_HOME: path.join(workDir, 'http-cache') },
    stdio: ['ignore', 'inherit', 'pipe'],
});
let stderr = '';
const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start-up line in 60 s: ${stderr}`)), 60000);
    server.stderr.on('data', (chunk) => {
        stderr += chunk;
        const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
        if (found) {
            clearTimeout(timer);
            resolve(new URL('/mcp', found[1]));
        }
    });
    server.on('exit', (code) => reject(new Error(`errata serve ended (${code}): ${stderr}`)));
});
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));

async function connect(name, headers) {
    const client = new Client({ name, version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    return client;
}

try {
    const client = await connect('errata-http-e2e', {});
    check(client.getServerVersion()?.name === 'errata', 'the server is errata');
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name).sort();
    const expected = ['batch_lookup', 'domain_stats', 'get_error_chain', 'get_record', 'list_domains',
        'list_environments', 'list_records', 'lookup_error', 'match_log', 'report_outcome', 'search_records'];
    check(JSON.stringify(names) === JSON.stringify(expected), `the tools: ${names.join(', ')}`);

    const cases = JSON.parse(fs.readFileSync(casesFile, 'utf8')).cases;
    let right = 0;
    const started = Date.now();
    for (const lookupCase of cases) {
        const result = await client.callTool({
            name: 'lookup_error',
            arguments: { error_message: lookupCase.lines.join('\n'), limit: 5 },
        });
        const first = result.structuredContent?.results?.[0]?.id;
        if (first === lookupCase.expected)
            right += 1;
        else
            console.error(`miss: expected ${lookupCase.expected}, got ${first} (${lookupCase.note})`);
    }
    console.log(`lookup_error over HTTP: ${right} of ${cases.length} cases right first, ${Date.now() - started} ms`);
    check(right === cases.length, `every lookup case right first (${right} of ${cases.length})`);

    const record = await client.callTool({ name: 'get_record', arguments: { id: 'python/module-not-found' } });
    check(record.structuredContent?.record?.workarounds?.length === 3, 'get_record gives the workarounds');

    const batchCases = cases.slice(0, 5);
    const batch = await client.callTool({
        name: 'batch_lookup',
        arguments: { texts: batchCases.map((lookupCase) => lookupCase.lines.join('\n')), limit: 3 },
    });
    const firsts = (batch.structuredContent?.results ?? []).map((answer) => answer.results?.[0]?.id);
    check(!batch.isError && JSON.stringify(firsts) === JSON.stringify(batchCases.map((c) => c.expected)),
        `batch_lookup answers each text in order (${firsts.join(', ')})`);

    const reportArguments = { id: 'python/module-not-found', workaround_index: 0, worked: true, note: 'http e2e' };
    const refused = await client.callTool({ name: 'report_outcome', arguments: reportArguments });
    check(refused.isError === true && /bearer token/.test(refused.content?.[0]?.text ?? ''),
        `report_outcome without the token is refused (${refused.content?.[0]?.text})`);
    await client.close();

    const writer = await connect('errata-http-writer', { Authorization: `Bearer ${token}` });
    const kept = await writer.callTool({ name: 'report_outcome', arguments: reportArguments });
    check(!kept.isError && kept.structuredContent?.item === 'workarounds[0]',
        `report_outcome with the token is kept (${kept.content?.[0]?.text})`);
    const log = fs.readFileSync(path.join(outcomes, '.errata-outcomes.jsonl'), 'utf8').trim().split('\n');
    check(log.length === 1 && JSON.parse(log[0]).id === 'python/module-not-found',
        'the report is in the outcomes folder');
    check(!fs.existsSync(path.join(kb, '.errata-outcomes.jsonl')), 'nothing was written into the KB');
    await writer.ping();
    await writer.close();
} catch (error) {
    failures += 1;
    console.error(`FAIL: ${error.stack ?? error}`);
}

server.kill('SIGTERM');
const end = await exited;
check(end.code === 0, `errata serve ends with 0 on SIGTERM (${JSON.stringify(end)})`);
check(/errata serve: stopped/.test(stderr), 'errata serve says it stopped');

if (failures > 0) {
    console.error(`${failures} check(s) failed`);
    process.exit(1);
}
console.log('PASS: the MCP SDK client and errata serve agree over Streamable HTTP');
