#!/usr/bin/env node
// What an @cursor/sdk's hooks module declares, against spec/: its events, its constants, which
// entries its validator rejects, its answer checks, where it merges permission and
// additional_context, what a block answers and what each event's matcher is tested against.
//
//   tests/cursor-sdk/offline.sh node tests/cursor-sdk/version-report.mjs [SDK_DIR]
//
// SDK_DIR is node_modules/@cursor/sdk of the version to report on (default: the pinned one);
// to look at a newer one:
//   npm install --prefix /tmp/sdk-next --ignore-scripts --omit=optional @cursor/sdk@latest
//   tests/cursor-sdk/offline.sh node tests/cursor-sdk/version-report.mjs /tmp/sdk-next/node_modules/@cursor/sdk
// Prints one line per difference with spec/ and ends with `N difference(s)`; exit 1 when any.

import fs from 'node:fs';
import { loadCursorSdk, captureConsole } from './sdk-lib.mjs';

const root = new URL('../../', import.meta.url);
const readJson = (p) => JSON.parse(fs.readFileSync(new URL(p, root), 'utf8'));
const host = readJson('spec/cursor/host.json');
const cliHost = readJson('cli/data/host.json');
const events = readJson('spec/cursor/events.json');
const specEvents = (Array.isArray(events) ? events : events.events).map((e) => e.name);

const sdk = await loadCursorSdk({ sdkDir: process.argv[2] });
const { api } = sdk;
const cap = captureConsole();
const differences = [];
// Objects compare whatever their key order.
const canonical = (v) => (v && typeof v === 'object' && !Array.isArray(v)
  ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k])])) : v);
const differ = (what, sdkSays, specSays) => {
  const a = JSON.stringify(canonical(sdkSays));
  const b = JSON.stringify(canonical(specSays));
  if (a !== b) differences.push(`${what}: the SDK says ${a}, spec/ says ${b}`);
};
const sameSet = (xs) => [...new Set(xs)].sort();

try {
  const sdkEvents = Object.values(api.EVENTS);
  differ('events', sameSet(sdkEvents), sameSet(specEvents));

  const numbers = Object.values(sdk.hooksNumbers);
  for (const [what, value] of [['default timeout', host.defaults.timeout_seconds], ['default loop_limit', host.defaults.loop_limit]]) {
    if (!numbers.includes(value)) differences.push(`${what}: ${value} (spec/cursor/host.json) is not among the hooks module's constants ${JSON.stringify(numbers)}`);
  }

  // The validator: which entries void a hooks.json (spec/cursor/host.json file_rules, cli/src/parse.rs).
  const voids = {
    'timeout 0': { command: 'x', timeout: 0 }, 'timeout -1': { command: 'x', timeout: -1 },
    'timeout "10"': { command: 'x', timeout: '10' }, 'timeout 4000': { command: 'x', timeout: 4000 },
    'loop_limit 0': { command: 'x', loop_limit: 0 }, 'loop_limit 1.5': { command: 'x', loop_limit: 1.5 },
    'loop_limit null': { command: 'x', loop_limit: null }, 'failClosed "true"': { command: 'x', failClosed: 'true' },
    'type "http"': { type: 'http', command: 'x' }, 'no command': {}, 'command ""': { command: '' },
    'blank prompt': { type: 'prompt', prompt: ' ' }, 'matcher "("': { command: 'x', matcher: '(' },
    'matcher 1': { command: 'x', matcher: 1 },
  };
  const expectedVoids = ['timeout 0', 'timeout -1', 'timeout "10"', 'loop_limit 0', 'loop_limit 1.5',
    'failClosed "true"', 'type "http"', 'no command', 'blank prompt', 'matcher "("', 'matcher 1'];
  const rejected = Object.entries(voids)
    .filter(([, entry]) => !api.validateHooksConfig({ version: 1, hooks: { stop: [entry] } }).isValid)
    .map(([name]) => name);
  differ('entries that void a hooks.json', sameSet(rejected), sameSet(expectedVoids));
  // The validator's own words (spec/cursor/host.json file_rules.validator_messages), which doctor quotes.
  const entryProbes = {
    timeout_not_positive: { command: 'x', timeout: 0 }, timeout_not_number: { command: 'x', timeout: '10' },
    loop_limit_not_positive: { command: 'x', loop_limit: 0 }, loop_limit_not_integer: { command: 'x', loop_limit: 1.5 },
    loop_limit_not_number: { command: 'x', loop_limit: '3' }, fail_closed_not_boolean: { command: 'x', failClosed: 'true' },
    type_unknown: { type: 'http', command: 'x' }, command_not_string: {}, entry_not_object: 'x',
    prompt_not_string: { type: 'prompt' }, prompt_blank: { type: 'prompt', prompt: ' ' },
    matcher_not_string: { command: 'x', matcher: 1 }, matcher_invalid: { command: 'x', matcher: '(' },
  };
  const fileProbes = {
    version_not_number: { version: '1', hooks: {} }, version_not_positive: { version: 0, hooks: {} },
    hooks_not_object: { version: 1 }, event_not_list: { version: 1, hooks: { stop: {} } },
    unknown_event: { version: 1, hooks: { PreToolUse: [] } },
  };
  const said = {};
  for (const [kind, entry] of Object.entries(entryProbes)) {
    said[kind] = (api.validateHooksConfig({ version: 1, hooks: { stop: [entry] } }).errors ?? []).join(' | ').replace(/^stop\[0\]: /, '');
  }
  for (const [kind, config] of Object.entries(fileProbes)) {
    said[kind] = (api.validateHooksConfig(config).errors ?? []).join(' | ');
  }
  const specSays = host.file_rules.validator_messages;
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const kind of new Set([...Object.keys(said), ...Object.keys(specSays)])) {
    const template = specSays[kind];
    // A `{placeholder}` stands for any text.
    const pattern = template === undefined ? null
      : new RegExp(`^${template.split(/\{[a-z]+\}/).map(escape).join('.*')}$`, 's');
    if (!pattern || said[kind] === undefined || !pattern.test(said[kind])) {
      differ(`validator message ${kind}`, said[kind] ?? null, template ?? null);
    }
  }

  const versions = { '1': 1, '2': 2, '"1"': '1', '1.5': 1.5, '0': 0, 'none': undefined };
  const loads = Object.entries(versions)
    .filter(([, version]) => api.validateHooksConfig({ version, hooks: {} }).isValid)
    .map(([name]) => name);
  differ('versions that load', sameSet(loads), ['1', '2']);

  // Answer checks (spec/cursor/host.json answer_checks).
  const probes = { string: 'x', boolean: true, object: { a: 'b' }, number: 5, allow: 'allow', deny: 'deny', ask: 'ask', list: ['p'] };
  const keys = ['permission', 'user_message', 'agent_message', 'additional_context', 'followup_message', 'continue', 'env', 'updated_input', 'pluginPaths'];
  for (const event of sdkEvents) {
    const checked = {};
    for (const key of keys) {
      const accepted = Object.entries(probes)
        .filter(([, value]) => api.normalizeAndValidateResponse(event, { [key]: value }, {}).success)
        .map(([name]) => name);
      if (accepted.length === Object.keys(probes).length) continue;
      checked[key] = accepted.sort().join(',');
    }
    const spec = host.answer_checks.events[event] ?? {};
    const specChecked = {};
    for (const [key, kind] of Object.entries(spec)) {
      specChecked[key] = (Array.isArray(kind) ? kind
        : { string: ['string', 'allow', 'deny', 'ask'], boolean: ['boolean'], object: ['object'], string_map: ['object'], string_list: ['list'] }[kind] ?? [kind])
        .sort().join(',');
    }
    differ(`answer check of ${event}`, checked, specChecked);
  }

  // Merge and block answers.
  const mergeOf = (event, answers) => api.mergeResponses(event, answers) ?? {};
  differ('permission merge events', sameSet(sdkEvents.filter((e) => mergeOf(e, [{ permission: 'deny' }, { permission: 'allow' }]).permission === 'deny')), sameSet(host.merge.permission_events));
  differ('additional_context join events', sameSet(sdkEvents.filter((e) => mergeOf(e, [{ additional_context: 'a' }, { additional_context: 'b' }]).additional_context === `a${host.merge.additional_context_separator}b`)), sameSet(host.merge.additional_context_events));
  differ('message separator', mergeOf('stop', [{ user_message: ' a ' }, { user_message: 'b' }]).user_message, `a${host.merge.message_separator}b`);
  const blocks = { deny: [], stop_prompt: [], empty: [] };
  for (const event of sdkEvents) {
    const answer = api.blockResponseFor(event, 'm');
    if (answer === undefined) continue;
    if (answer.permission === 'deny') blocks.deny.push(event);
    else if (answer.continue === false) blocks.stop_prompt.push(event);
    else if (Object.keys(answer).length === 0) blocks.empty.push(event);
    else differences.push(`block answer of ${event}: ${JSON.stringify(answer)} is of no kind spec/cursor/host.json knows`);
  }
  for (const kind of Object.keys(blocks)) differ(`block answer ${kind}`, sameSet(blocks[kind]), sameSet(host.block_answers[kind]));

  // Matcher subjects (cli/data/host.json: spec/cursor/events.json matcher_from).
  const payload = { command: 'CMD', tool_name: 'TOOL', subagent_type: 'SUB' };
  for (const event of sdkEvents) {
    const subject = api.matcherValueFor(event, payload) ?? null;
    const fromSpec = cliHost.matcher.subjects[event];
    const prefixed = fromSpec?.prefixed;
    const spec = fromSpec?.fixed ?? (fromSpec?.field ? payload[fromSpec.field] : null)
      ?? (prefixed ? `${prefixed.prefix}${payload[prefixed.field]}` : null);
    differ(`matcher subject of ${event}`, subject, spec);
  }
} finally {
  cap.restore();
}

console.log(`@cursor/sdk ${sdk.sdkVersion} (exports ${Object.values(sdk.resolvedExports).join(' ')}) against spec/:`);
for (const line of differences) console.log(`- ${line}`);
console.log(`${differences.length} difference(s)`);
process.exitCode = differences.length ? 1 : 0;
