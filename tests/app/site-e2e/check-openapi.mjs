// SiteOpenApiTest: checks the JSON API of a published site.
//
//   node check-openapi.mjs OUT
//
// 1. OUT/api/v1/openapi.json is valid OpenAPI 3.1 (@seriousme/openapi-schema-validator).
// 2. index.json, stats.json and match.json (those present) conform to the schemas
//    openapi.json declares for them (components.schemas Index, Stats, Match), checked
//    with the validator's Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1).
// 3. Every file openapi.json names is there (match.json may be absent: another part
//    of publish writes it), every index entry's json file exists, errors.ndjson has
//    one record a line, in index order.
// 4. The checks can fail: a spec without "info" and an index without "count" are
//    refused, or the script fails.
// Exits 0 when all hold, 1 with the errors printed otherwise.
'use strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const out = process.argv[2];
if (!out) {
    console.error('usage: node check-openapi.mjs OUT');
    process.exit(2);
}
const api = path.join(out, 'api', 'v1');
const problems = [];
const fail = (message) => problems.push(message);
const readJson = (file) => JSON.parse(readFileSync(path.join(api, file), 'utf8'));

// record.schema.json, which the Record schema refers to, as the validator's
// external reference (it resolves no file by itself).
const recordSchema = readJson('record.schema.json');

async function validSpec(spec) {
    const validator = new Validator();
    await validator.addSpecRef(structuredClone(recordSchema), 'record.schema.json');
    const result = await validator.validate(structuredClone(spec));
    return { valid: result.valid && validator.version === '3.1', errors: result.errors, version: validator.version };
}

// The component schemas as one JSON Schema, "#/components/schemas/X" as "#/$defs/X";
// Record ($ref record.schema.json, draft-07) is not needed by the three files checked.
function schemaBundle(spec) {
    const text = JSON.stringify(spec.components.schemas).replaceAll('"#/components/schemas/', '"#/$defs/');
    const defs = JSON.parse(text);
    defs.Record = true;
    return { $id: 'urn:errata:api', $defs: defs };
}

function checker(spec) {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    ajv.addSchema(schemaBundle(spec));
    return (name, value) => {
        const validate = ajv.getSchema(`urn:errata:api#/$defs/${name}`);
        if (!validate) return [`no schema ${name}`];
        return validate(value) ? [] : validate.errors.map((e) => `${e.instancePath || '/'} ${e.message}`);
    };
}

const spec = readJson('openapi.json');
const checked = await validSpec(spec);
if (!checked.valid)
    fail(`openapi.json is not valid OpenAPI 3.1 (version ${checked.version}): ${JSON.stringify(checked.errors, null, 1)}`);

const conforms = checker(spec);
for (const [file, schema] of [['index.json', 'Index'], ['stats.json', 'Stats'], ['match.json', 'Match']]) {
    if (!existsSync(path.join(api, file))) {
        if (file !== 'match.json') fail(`${file} is missing`);
        else console.log('match.json: not in this site (written by the lookup export), not checked');
        continue;
    }
    for (const error of conforms(schema, readJson(file))) fail(`${file}: ${error}`);
}

for (const route of Object.keys(spec.paths)) {
    if (route.includes('{')) continue;
    if (route !== '/match.json' && !existsSync(path.join(api, route))) fail(`openapi.json names ${route}, not written`);
}
const index = readJson('index.json');
for (const entry of index.records) {
    if (entry.json === null || /^[a-z]+:/.test(entry.json)) continue;
    if (!existsSync(path.join(api, entry.json))) fail(`index.json: ${entry.id}: ${entry.json} is missing`);
}
const lines = readFileSync(path.join(api, 'errors.ndjson'), 'utf8').split('\n');
if (lines.pop() !== '') fail('errors.ndjson: no final newline');
const written = index.records.filter((entry) => entry.json !== null);
if (lines.length !== written.length) fail(`errors.ndjson: ${lines.length} lines, ${written.length} records`);
lines.forEach((line, i) => {
    try {
        const record = JSON.parse(line);
        if (written[i] && record.id !== written[i].id) fail(`errors.ndjson line ${i + 1}: id ${record.id}, index says ${written[i].id}`);
    } catch (e) {
        fail(`errors.ndjson line ${i + 1}: ${e.message}`);
    }
});

// The checks must be able to fail.
const broken = structuredClone(spec);
delete broken.info;
if ((await validSpec(broken)).valid) fail('the OpenAPI validator accepts a spec without info: the check cannot fail');
const noCount = structuredClone(index);
delete noCount.count;
if (conforms('Index', noCount).length === 0) fail('the Index schema accepts an index without count: the check cannot fail');

if (problems.length) {
    for (const problem of problems) console.error(`FAIL: ${problem}`);
    process.exit(1);
}
console.log(`OK: ${path.join(api, 'openapi.json')} is valid OpenAPI ${checked.version}; ${index.records.length} records; index.json and stats.json conform`);
