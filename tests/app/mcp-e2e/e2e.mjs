// McpSdkEndToEndTest: `errata mcp` driven by the official MCP TypeScript
// SDK client, as an editor or agent drives it. On a copy of the sample KB:
// connect (initialize, version negotiation), list the tools, and for every
// hand-written lookup case of the lookup benchmark (tests/bench/
// lookup-cases.json) check that lookup_error puts the expected record first;
// then batch_lookup, list_records, domain_stats, list_environments,
// get_record, report_outcome, tool errors, resources and ping. The
// SDK checks each structured result against the tool's outputSchema.
//
//   node e2e.mjs ERRATA SAMPLE_KB CASES_JSON WORK_DIR

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
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

const kb = path.join(workDir, 'kb');
fs.rmSync(kb, { recursive: true, force: true });
fs.cpSync(sampleKb, kb, { recursive: true });

const transport = new StdioClientTransport({
    command: errata,
    args: ['mcp', '--kb', kb],
    env: { ...process.env, XDG_CACHE_HOME: path.join(workDir, 'cache') },
    stderr: 'inherit',
});
const client = new Client({ name: 'errata-e2e', version: '1.0.0' });
await client.connect(transport);

check(client.getServerVersion()?.name === 'errata', 'the server is errata');
check(client.getServerCapabilities()?.tools !== undefined, 'the server offers tools');

const { tools } = await client.listTools();
const names = tools.map((tool) => tool.name).sort();
const expected = ['batch_lookup', 'domain_stats', 'get_error_chain', 'get_record', 'list_domains', 'list_environments',
    'list_records', 'lookup_error', 'match_log', 'report_outcome', 'search_records'];
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
console.log(`lookup_error: ${right} of ${cases.length} cases right first, ${Date.now() - started} ms in all`);
check(right === cases.length, `every lookup case right first (${right} of ${cases.length})`);

// batch_lookup: the same answers as lookup_error, one per text, in order.
const batchCases = cases.slice(0, 5);
const batch = await client.callTool({
    name: 'batch_lookup',
    arguments: { texts: batchCases.map((lookupCase) => lookupCase.lines.join('\n')), limit: 5 },
});
const batchFirsts = (batch.structuredContent?.results ?? []).map((answer) => answer.results?.[0]?.id);
check(!batch.isError && JSON.stringify(batchFirsts) === JSON.stringify(batchCases.map((c) => c.expected)),
    `batch_lookup answers each text in order (${batchFirsts.join(', ')})`);
const tooMany = await client.callTool({ name: 'batch_lookup', arguments: { texts: Array(21).fill('error') } });
check(tooMany.isError === true, 'batch_lookup refuses 21 texts');

const page = await client.callTool({ name: 'list_records', arguments: { domain: 'python', limit: 2, offset: 1 } });
check(page.structuredContent?.records?.length === 2 && page.structuredContent?.total === 4
    && page.structuredContent?.next_offset === 3, 'list_records gives a page');
const unknownDomain = await client.callTool({ name: 'list_records', arguments: { domain: 'cobol' } });
check(unknownDomain.isError === true, 'list_records refuses an unknown domain');
const stats = await client.callTool({ name: 'domain_stats', arguments: {} });
check(stats.structuredContent?.total?.records === 24 && stats.structuredContent?.domains?.length === 6,
    'domain_stats counts every domain');
const environments = await client.callTool({ name: 'list_environments', arguments: {} });
check(environments.structuredContent?.records === 24 && environments.structuredContent?.os?.items?.length > 0,
    'list_environments names the systems');

const record = await client.callTool({ name: 'get_record', arguments: { id: 'python/module-not-found' } });
check(record.structuredContent?.record?.workarounds?.length === 3, 'get_record gives the workarounds');

const report = await client.callTool({
    name: 'report_outcome',
    arguments: { id: 'python/module-not-found', workaround_index: 0, worked: true, note: 'e2e' },
});
check(!report.isError && report.structuredContent?.item === 'workarounds[0]', 'report_outcome is kept');
const log = fs.readFileSync(path.join(kb, '.errata-outcomes.jsonl'), 'utf8').trim().split('\n');
check(log.length === 1 && JSON.parse(log[0]).client === 'errata-e2e', 'the report names the client');

const missing = await client.callTool({ name: 'get_record', arguments: { id: 'python/nope' } });
check(missing.isError === true, 'an unknown id is a tool error');

const resources = await client.listResources();
check(resources.resources.length === 24, `24 resources (${resources.resources.length})`);
const templates = await client.listResourceTemplates();
check(templates.resourceTemplates[0]?.uriTemplate === 'errata://record/{id}', 'the resource template');
const read = await client.readResource({ uri: 'errata://record/git/dubious-ownership' });
check(JSON.parse(read.contents[0].text).id === 'git/dubious-ownership', 'a resource reads the record');

await client.ping();
await client.close();

if (failures > 0) {
    console.error(`${failures} check(s) failed`);
    process.exit(1);
}
console.log('PASS: the MCP SDK client and errata mcp agree');
