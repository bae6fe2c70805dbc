// Builds Cursor's own hooks runtime (loader + executor) from @cursor/sdk, the way the SDK's local
// agent does (default-local-workspace-runtime.js: createHooksRuntimeFactory({includeProjectHooks,
// includeUserHooks, includeEnterpriseHooks, useCommandHookStdinTransport: true})), and instruments
// it so every hook's process, answer and telemetry can be printed.

import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { captureConsole, toPlain } from './sdk-lib.mjs';

const ENV_KEYS = /^(CURSOR_|CLAUDE_)/;

export function hermeticHome(home) {
  if (home) return path.resolve(home);
  return fs.mkdtempSync(path.join(os.tmpdir(), 'cursor-oracle-home-'));
}

function pluginLogger(sink) {
  return {
    log: (level, msg) => sink.push({ level, text: String(msg) }),
    increment() {}, distribution() {}, captureException() {},
  };
}

// opts: { projectDir, home, transport: 'stdin'|'legacy', includeUser, includeProject, includeEnterprise,
//         plugins: [dir], promptHook: undefined | 'allow' | 'deny:REASON' | 'throw', cursorVersion }
export async function buildHooksRuntime(sdk, opts) {
  const { api } = sdk;
  const projectDir = path.resolve(opts.projectDir);
  const home = hermeticHome(opts.home);
  process.env.HOME = home; // os.homedir() reads $HOME on POSIX; the loader uses it for ~/.cursor and ~/.claude
  if (opts.cursorVersion) process.env.AGENT_CLI_STATIC_VERSION = opts.cursorVersion;

  let promptHookClient;
  if (opts.promptHook) {
    promptHookClient = {
      evaluatePromptHook: async (_ctx, req) => {
        if (opts.promptHook === 'throw') throw new Error('oracle: prompt hook model unavailable');
        if (opts.promptHook === 'allow') return { ok: true };
        const reason = opts.promptHook.startsWith('deny:') ? opts.promptHook.slice(5) : undefined;
        return { ok: false, reason };
      },
    };
  }

  const factory = api.createHooksRuntimeFactory({
    includeProjectHooks: opts.includeProject !== false,
    includeUserHooks: opts.includeUser !== false,
    includeEnterpriseHooks: opts.includeEnterprise === true,
    useCommandHookStdinTransport: opts.transport !== 'legacy',
    promptHookClient,
  });
  const cap = captureConsole();
  let runtime;
  try {
    runtime = await factory.createHooksRuntime({
      workspaceState: { projectRoot: projectDir, workingDirectory: projectDir, workspaceRoots: [projectDir] },
    });
  } finally {
    cap.restore();
  }
  const warnings = [...cap.lines];

  // Plugins: the SDK loads plugin hook files (cursor-plugins) but never wires them into this executor
  // (nothing in the 1.0.32 bundle writes config.pluginHooks). The executor reads config.pluginHooks
  // [{config, installPath, plugin}] at run time; we fill it the way that code expects.
  const pluginResults = [];
  for (const dir of opts.plugins ?? []) {
    const installPath = path.resolve(dir);
    const name = path.basename(installPath);
    const logs = [];
    const c2 = captureConsole();
    let loaded;
    try {
      loaded = await api.loadPluginDir(installPath, name, undefined, { log: pluginLogger(logs) });
    } finally {
      c2.restore();
    }
    logs.push(...c2.lines);
    const h = loaded?.hooks;
    const rec = { installPath, plugin: name, logs };
    if (h && 'config' in h) {
      rec.hooksSourcePath = h.sourcePath ?? null;
      rec.config = h.config;
      (runtime.hooksConfig.pluginHooks ??= []).push({ config: h.config, installPath, plugin: name });
    } else if (h && 'error' in h) {
      rec.error = h.error;
      runtime.hooksConfig.errors.push(h.error);
    } else {
      rec.note = 'no hooks found (no manifest hooks field, no hooks/hooks.json, or the file was skipped)';
    }
    pluginResults.push(rec);
  }

  return { runtime, home, projectDir, warnings, pluginResults };
}

// Instrument one executor instance (class `j` in hooks-runtime.js). Records per hook: the script as
// loaded, where it ran, the exact shell line and env Cursor added, stdout/stderr/exit, Cursor's
// telemetry event and the answer that went into the merge.
export function instrumentExecutor(exec, { dryRun = false } = {}) {
  const als = new AsyncLocalStorage();
  const records = [];
  const orphanTelemetry = [];
  let seq = 0;
  const proto = Object.getPrototypeOf(exec);

  exec.executeCommandHook = function (step, script, cwd, env, request, source, index, attribution, pluginInstallPath) {
    const rec = {
      seq: seq++, step, source, index, type: 'command',
      script: toPlain(script), cwd,
      ...(pluginInstallPath !== undefined && { pluginInstallPath }),
      ...(attribution && Object.keys(attribution).length && { attribution }),
    };
    records.push(rec);
    rec.request = toPlain(request);
    return als.run(rec, async () => {
      const t0 = Date.now();
      try {
        const r = await proto.executeCommandHook.apply(exec, arguments);
        rec.answer = toPlain(r);
        return r;
      } catch (e) {
        rec.threw = toPlain(e);
        throw e;
      } finally {
        rec.wallMs = Date.now() - t0;
      }
    });
  };
  exec.executePromptHook = function (step, script, request, source, index) {
    const rec = { seq: seq++, step, source, index, type: 'prompt', script: toPlain(script) };
    records.push(rec);
    return als.run(rec, async () => {
      const r = await proto.executePromptHook.apply(exec, arguments);
      rec.answer = toPlain(r);
      return r;
    });
  };
  exec.onHookExecution = (ev) => {
    const rec = als.getStore();
    if (rec) rec.telemetry = toPlain(ev); else orphanTelemetry.push(toPlain(ev));
  };

  const inner = exec.shellExecutor;
  exec.shellExecutor = {
    getCwd: (...a) => inner.getCwd?.(...a),
    clone: (...a) => inner.clone?.(...a),
    execute(ctx, commandLine, o = {}) {
      const rec = als.getStore() ?? {};
      const addedEnv = Object.fromEntries(Object.entries(o.env ?? {}).filter(([k]) => ENV_KEYS.test(k)));
      const p = (rec.process = {
        shell: process.platform === 'win32' ? 'powershell' : `${process.env.SHELL || '/bin/sh'} -lc`,
        commandLine, workingDirectory: o.workingDirectory, payloadViaStdin: o.pipeStdin === true,
        env: addedEnv, stdout: '', stderr: '', exitCode: null,
      });
      if (dryRun) {
        p.dryRun = true;
        return (async function* () {
          if (o.pipeStdin) yield { type: 'stdin_ready', stdin: new Writable({ write(_c, _e, cb) { cb(); } }) };
          yield { type: 'stdout', data: '{}' };
          yield { type: 'exit', code: 0 };
        })();
      }
      const it = inner.execute(ctx, commandLine, o);
      return (async function* () {
        for await (const ev of it) {
          if (ev.type === 'stdout') p.stdout += String(ev.data);
          else if (ev.type === 'stderr') p.stderr += String(ev.data);
          else if (ev.type === 'exit') p.exitCode = ev.code;
          yield ev;
        }
      })();
    },
  };
  return { records, orphanTelemetry };
}

export function summarizeConfig(cfg) {
  const keys = ['enterpriseHooks', 'teamHooks', 'userHooks', 'projectHooks', 'claudeUserHooks', 'claudeProjectHooks', 'claudeProjectLocalHooks'];
  const out = {};
  for (const k of keys) if (cfg[k]) out[k] = toPlain(cfg[k]);
  if (cfg.pluginHooks?.length) out.pluginHooks = toPlain(cfg.pluginHooks);
  out.configDirs = toPlain(cfg.configDirs);
  out.errors = toPlain(cfg.errors);
  return out;
}
