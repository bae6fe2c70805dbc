#!/usr/bin/env node
// Cursor's own hooks code (from @cursor/sdk, see README.md) as a test oracle, for many cases in one
// process (importing the SDK takes about half a second).
//
//   node oracle.mjs < cases.json
//
// stdin: {"cases": [{"id", "project", "home", "event", "payload", "plugins"?}]}: a project
// directory, a HOME (its ~/.cursor/hooks.json and ~/.claude/settings.json are read), the event to
// fire and its payload, and plugin folders: each is loaded by Cursor's plugin loader
// (cursor-plugins, as for an installed plugin: manifest, hooks file, format detection and
// translation, root variables) and its hooks put where the executor reads plugin hooks (the SDK
// itself wires none: see sdk-runtime.mjs). No `event`: the case only loads. For each case, in order, Cursor's loader reads the files (hooks-runtime
// createHooksRuntime, as the SDK's local agent builds it) and Cursor's executor fires the event
// (executeHookForStep: matchers, loop_limit, spawn through `$SHELL -lc`, timeouts, failClosed,
// the merge). stdout: one JSON line describing the oracle (the SDK's version and the minified
// exports it resolved by shape), then one JSON line per case:
//   {"id", "errors": [loader errors: each voids a whole file], "warnings": [...],
//    "hooks": [{"source", "index", "command", "started", "exit", "stdout", "stderr", "status", "answer"}],
//    "merged": the merged answer the agent reads, or null,
//    "plugins": [per plugin folder: {"installPath", "hooksSourcePath", "config" (the hooks the
//                loader yields, translated and substituted) | "error" | "note", "logs"}]}
// Any failure of the oracle itself (the SDK not installed, an entry point moved) ends it with
// exit 1 and the reason on stderr.

import { loadCursorSdk, toPlain, captureConsole } from './sdk-lib.mjs';
import { buildHooksRuntime, instrumentExecutor } from './sdk-runtime.mjs';

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

async function runCase(sdk, c) {
  const built = await buildHooksRuntime(sdk, { projectDir: c.project, home: c.home, plugins: c.plugins });
  const { runtime } = built;
  const out = {
    id: c.id,
    errors: toPlain(runtime.hooksConfig.errors),
    warnings: built.warnings.map((l) => l.text),
    plugins: toPlain(built.pluginResults),
  };
  if (!c.event) return out;
  const session = runtime.createSessionRuntime();
  const inst = instrumentExecutor(session.hookExecutor);
  const cap = captureConsole();
  let merged;
  try {
    merged = await session.hookExecutor.executeHookForStep(c.event, c.payload);
  } finally {
    cap.restore();
  }
  out.hooks = inst.records.sort((a, b) => a.seq - b.seq).map((r) => ({
    source: r.source,
    index: r.index,
    type: r.type,
    command: r.script?.command ?? null,
    // executeCommandHook is entered for every hook; one skipped by its loop_limit starts no process.
    started: r.process !== undefined,
    cwd: r.cwd ?? null,
    exit: r.process?.exitCode ?? null,
    stdout: r.process?.stdout ?? null,
    stderr: r.process?.stderr ?? null,
    status: r.telemetry?.status ?? null,
    answer: r.answer ?? null,
  }));
  // A key the merge set to undefined (two blank messages joined) is absent, as JSON has it.
  out.merged = merged === undefined ? null
    : toPlain(Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)));
  return out;
}

async function main() {
  const input = JSON.parse(await readStdin());
  const sdk = await loadCursorSdk();
  process.stdout.write(JSON.stringify({
    oracle: `@cursor/sdk@${sdk.sdkVersion}`, node: sdk.node, exportsUsed: sdk.resolvedExports,
    numbers: sdk.hooksNumbers, events: Object.values(sdk.api.EVENTS),
  }) + '\n');
  for (const c of input.cases ?? []) {
    let result;
    try {
      result = await runCase(sdk, c);
    } catch (e) {
      result = { id: c.id, oracleError: String(e?.stack ?? e) };
    }
    process.stdout.write(JSON.stringify(result) + '\n');
  }
}

main().catch((e) => {
  process.stderr.write(`cursor-sdk-oracle: ${e?.stack ?? e}\n`);
  process.exit(1);
});
