// Shared loader for the Cursor SDK test oracle (adapted from the project's reference harness).
//
// @cursor/sdk ships Cursor's hooks code as webpack modules inside dist/esm/*.js. None of it is a
// public export. This file reaches it without patching anything on disk:
//   1. a module-customization hook (expose-loader.mjs) appends one export to dist/esm/index.js at
//      load time: webpack's internal require function;
//   2. every numbered chunk in dist/esm is registered with that require (registration runs no
//      module code);
//   3. modules are required by their source-path ids ("../hooks/dist/index.js", ...) and their
//      minified exports are picked by SHAPE (error strings they contain), not by minified name,
//      so a rebuild that renames exports still works, and a real change fails loudly.
//
// Nothing here talks to a network. Callers run inside `unshare -n` anyway (tests/cursor-sdk/offline.sh).

import os from 'node:os';
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';

const MODULE_IDS = {
  hooks: '../hooks/dist/index.js',
  hooksRuntime: '../cursor-sdk-local-runtime/dist/core/hooks-runtime.js',
  agentExec: '../agent-exec/dist/index.js',
  contextCore: '../context/dist/core.js',
  cursorPlugins: '../cursor-plugins/dist/index.js',
  execProto: '../proto/dist/generated/agent/v1/exec_pb.js',
};

// The SDK installed by .ci/setup-cursor-sdk (the pinned version, in the cache outside the
// checkout), or CURSOR_SDK_DIR. Nothing else: a stray copy of another version must not answer.
function findSdkDir(explicit) {
  const version = fs.readFileSync(new URL('./VERSION', import.meta.url), 'utf8').trim();
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const pinned = path.join(cache, 'cursor-hooks', `cursor-sdk-${version}`, 'node_modules', '@cursor', 'sdk');
  const dir = explicit || process.env.CURSOR_SDK_DIR || pinned;
  if (!fs.existsSync(path.join(dir, 'dist', 'esm', 'index.js'))) {
    throw new Error(`cursor-sdk-oracle: @cursor/sdk ${version} is not installed in ${dir}; run: bash .ci/setup-cursor-sdk`);
  }
  const found = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  // An explicit directory is another version on purpose (version-report.mjs).
  if (found !== version && !explicit) {
    throw new Error(`cursor-sdk-oracle: ${dir} holds @cursor/sdk ${found}, pinned ${version} (tests/cursor-sdk/VERSION); run: bash .ci/setup-cursor-sdk`);
  }
  return path.resolve(dir);
}

const src = (v) => (typeof v === 'function' ? Function.prototype.toString.call(v) : '');

function pick(mod, label, pred) {
  const hits = Object.entries(mod).filter(([, v]) => {
    try { return pred(v); } catch { return false; }
  });
  if (hits.length !== 1) {
    throw new Error(`cursor-sdk-oracle: cannot identify ${label}: ${hits.length} candidates (${hits.map((h) => h[0]).join(',')})`);
  }
  return { name: hits[0][0], value: hits[0][1] };
}

let cached;
export async function loadCursorSdk({ sdkDir } = {}) {
  if (cached) return cached;
  const dir = findSdkDir(sdkDir);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  register(new URL('./expose-loader.mjs', import.meta.url));
  const esm = path.join(dir, 'dist', 'esm');
  const entry = await import(pathToFileURL(path.join(esm, 'index.js')).href);
  const K = entry.__oracleWebpackRequire;
  if (typeof K !== 'function') throw new Error('cursor-sdk-oracle: webpack require not exposed');
  const chunkIds = fs.readdirSync(esm).filter((f) => /^\d+\.js$/.test(f)).map((f) => Number(f.slice(0, -3)));
  await Promise.all(chunkIds.map((id) => K.e(id)));
  const req = (id) => {
    if (!(id in K.m)) throw new Error(`cursor-sdk-oracle: module ${id} not in bundle`);
    return K(id);
  };
  const hooksMod = req(MODULE_IDS.hooks);
  const rtMod = req(MODULE_IDS.hooksRuntime);
  const aeMod = req(MODULE_IDS.agentExec);
  const ctxMod = req(MODULE_IDS.contextCore);
  const cpMod = req(MODULE_IDS.cursorPlugins);
  const execPb = req(MODULE_IDS.execProto);
  const resolved = {};
  const P = (key, mod, label, pred) => {
    const r = pick(mod, label, pred);
    resolved[key] = r.name;
    return r.value;
  };
  const api = {
    // ../hooks/dist/index.js
    EVENTS: P('EVENTS', hooksMod, 'hook event map', (v) => v && typeof v === 'object' && v.beforeShellExecution === 'beforeShellExecution' && 'workspaceOpen' in v),
    validateHooksConfig: P('validateHooksConfig', hooksMod, 'hooks.json validator', (v) => src(v).includes('Config version must be a number')),
    claudeHooksToCursor: P('claudeHooksToCursor', hooksMod, 'Claude->Cursor translator', (v) => src(v).includes('Unknown Claude Code event')),
    detectHooksFormat: P('detectHooksFormat', hooksMod, 'format detector', (v) => src(v).includes('"claude-code"') && src(v).includes('"unknown"')),
    isClaudeSettingsWithHooks: P('isClaudeSettingsWithHooks', hooksMod, 'Claude settings check', (v) => src(v).includes('allowMatcherlessStop')),
    matcherValueFor: P('matcherValueFor', hooksMod, 'matcher value', (v) => src(v).includes('"TabRead"')),
    filterByMatcher: P('filterByMatcher', hooksMod, 'matcher filter', (v) => /new RegExp\(\w+\.matcher\)\.test/.test(src(v))),
    mergeResponses: P('mergeResponses', hooksMod, 'response merger', (v) => src(v).includes('pluginPaths') && src(v).includes('"deny"===')),
    normalizeAndValidateResponse: P('normalizeAndValidateResponse', hooksMod, 'response validator', (v) => src(v).includes('success:!1,errors:')),
    parseHookStdout: P('parseHookStdout', hooksMod, 'stdout JSON parser', (v) => src(v).includes('endsWith("}")')),
    blockResponseFor: P('blockResponseFor', hooksMod, 'block response', (v) => src(v).includes('permission:"deny",user_message:')),
    // ../cursor-sdk-local-runtime/dist/core/hooks-runtime.js
    createHooksRuntimeFactory: P('createHooksRuntimeFactory', rtMod, 'hooks runtime factory', (v) => src(v).includes('createHooksRuntime')),
    createHooksResourceWrapper: P('createHooksResourceWrapper', rtMod, 'tool resource wrapper', (v) => src(v).includes('wrapResources')),
    // ../agent-exec/dist/index.js : the resource key of the non-streaming Shell tool
    shellResourceKey: P('shellResourceKey', aeMod, 'shell resource key', (v) => v && typeof v.symbol === 'symbol' && /"shellArgs"/.test(src(v.remoteImplementation)) && /"shellResult"/.test(src(v.remoteImplementation))),
    // ../agent-exec/dist/index.js : the resource the server calls to run hooks (ExecServerMessage.execute_hook_args)
    executeHookResourceKey: P('executeHookResourceKey', aeMod, 'execute-hook resource key', (v) => v && typeof v.symbol === 'symbol' && /"executeHookArgs"/.test(src(v.remoteImplementation))),
    // ../proto/dist/generated/agent/v1/exec_pb.js : the server->client exec message (compact descriptor "ExecServerMessage|...")
    ExecServerMessage: P('ExecServerMessage', execPb, 'ExecServerMessage class', (v) => typeof v === 'function' && typeof v.$ === 'function' && String(v.$()[0]).startsWith('ExecServerMessage|')),
    // ../context/dist/core.js
    createContext: P('createContext', ctxMod, 'context factory', (v) => typeof v === 'function' && v.length === 0 && /return new \w+\}$/.test(src(v))),
    // ../cursor-plugins/dist/index.js : load one plugin directory (manifest, skills, mcp, hooks)
    loadPluginDir: P('loadPluginDir', cpMod, 'plugin loader', (v) => typeof v === 'function' && v.length === 4 && src(v).includes('configuredVariables') && src(v).includes('capabilities')),
    // ../cursor-plugins/dist/index.js : every plugin the local plugin service loads without a
    // plugin folder given (Claude Code's installed and enabled ones, ~/.cursor/plugins/local)
    loadAllPlugins: P('loadAllPlugins', cpMod, 'all-plugins loader', (v) => typeof v === 'function' && src(v).includes('loadUserLocalPlugins: no home directory')),
  };
  // numeric constants of the hooks module (for the report; 1.0.32: 60 s timeout, loop limit 5, exit code 2)
  const numbers = Object.fromEntries(Object.entries(hooksMod).filter(([, v]) => typeof v === 'number'));
  cached = {
    sdkDir: dir,
    sdkVersion: pkg.version,
    node: process.version,
    moduleIds: MODULE_IDS,
    resolvedExports: resolved,
    hooksNumbers: numbers,
    api,
  };
  return cached;
}

// Turn protobuf messages, BigInt, Errors, streams into plain JSON.
export function toPlain(v, seen = new WeakSet()) {
  if (v === null || v === undefined) return v ?? null;
  if (typeof v === 'bigint') return v.toString();
  if (typeof v !== 'object') return v;
  if (seen.has(v)) return '[circular]';
  seen.add(v);
  if (typeof v.toJson === 'function') {
    try { return v.toJson({ emitDefaultValues: false }); } catch { /* fall through */ }
  }
  if (v instanceof Error) return { error: v.name, message: v.message };
  if (Array.isArray(v)) return v.map((x) => toPlain(x, seen));
  if (typeof v.pipe === 'function') return '[stream]';
  const out = {};
  for (const [k, x] of Object.entries(v)) if (typeof x !== 'function') out[k] = toPlain(x, seen);
  return out;
}

// Capture console.warn/console.log lines that the SDK's loader and validator print.
export function captureConsole() {
  const lines = [];
  const orig = { warn: console.warn, log: console.log, info: console.info, error: console.error };
  for (const k of Object.keys(orig)) {
    console[k] = (...a) => lines.push({ level: k, text: a.map((x) => (typeof x === 'string' ? x : JSON.stringify(toPlain(x)))).join(' ') });
  }
  return { lines, restore: () => Object.assign(console, orig) };
}

export function parseArgs(argv, spec) {
  const pos = [];
  const opt = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) { pos.push(a); continue; }
    const [k, inline] = a.slice(2).split(/=(.*)/s);
    const kind = spec[k];
    if (kind === undefined) throw new Error(`unknown option --${k}`);
    if (kind === 'bool') { opt[k] = true; continue; }
    const val = inline !== undefined ? inline : argv[++i];
    if (kind === 'list') (opt[k] ??= []).push(val); else opt[k] = val;
  }
  return { pos, opt };
}
