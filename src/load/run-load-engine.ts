import type { A2AClient } from "../client/types.js";
import type { LoadSection, LoadSettings, LoadTick } from "../model/load.js";
import { systemClock, type Clock } from "./clock.js";
import { probeOnce, type ProbeError, type ProbeOptions, type ProbeResult } from "./probe.js";
import { LoadRecorder } from "./recorder.js";
import { runSchedule } from "./scheduler.js";

/** The figures of a load run: its section without the parts the runner adds (settings, thresholds, traffic). */
export type LoadFigures = Omit<LoadSection, "settings" | "thresholds" | "traffic_kept">;

export interface LoadEngineOptions {
  /** Built by the runner through the one connect path, version already negotiated. */
  client: A2AClient;
  settings: LoadSettings;
  statusOf: ProbeOptions["statusOf"];
  clock?: Clock;
  /** Stops sending early (Ctrl-C); what was measured is still reported. */
  signal?: AbortSignal;
  /** Asks the traffic log to keep a failed exchange (bounded logs keep only some); true when kept. */
  keepTraffic?: (trafficId: string) => boolean;
  /** Once a second while sending and draining: the live view. */
  onTick?: (tick: LoadTick) => void;
}

/** A soak run's drift windows: a tenth of the planned duration in whole seconds (at least one); 10 s when a request count ends it. */
function windowMsFor(settings: LoadSettings): number {
  // Whole seconds, since a window is made of the seconds it spans.
  return settings.requests === null
    ? Math.max(1000, Math.round(settings.duration_ms / 10_000) * 1000)
    : 10_000;
}

/** Ticks once a second until `stop` aborts; bounded by the schedule, which always ends. */
async function ticker(clock: Clock, stop: AbortSignal, tick: () => void): Promise<void> {
  while (!stop.aborted) {
    await clock.sleep(1000, stop);
    if (!stop.aborted) tick();
  }
}

/** Runs the load: the schedule starts probes, the recorder measures them; returns the figures. */
export async function runLoadEngine(opts: LoadEngineOptions): Promise<LoadFigures> {
  const clock = opts.clock ?? systemClock;
  const { settings } = opts;
  const start = clock.now();
  const recorder = new LoadRecorder(start, windowMsFor(settings));
  const probe: ProbeOptions = {
    client: opts.client,
    mode: settings.mode,
    message: settings.message,
    send: opts.client.prepareSend({ text: settings.message }),
    clock,
    statusOf: opts.statusOf,
  };
  let inFlight = 0;
  let cut = 0;
  const recordProbe = (result: ProbeResult, scheduledAt: number): void => {
    inFlight -= 1;
    // A request the run itself aborted at the interrupt says nothing about the agent: neither an error nor a latency.
    if (opts.signal?.aborted && result.error && abortedByUs(result.error)) {
      cut += 1;
      return;
    }
    const id = result.error?.trafficId;
    // An error example points at its exchange only when the log kept it.
    if (id !== undefined && opts.keepTraffic && !opts.keepTraffic(id)) delete result.error?.trafficId;
    // The probe's latency ends at the clock's now: no second reading is needed.
    recorder.record(result, scheduledAt + result.latencyMs);
  };
  const probeThrew = (error: unknown): never => {
    inFlight -= 1;
    throw error;
  };
  const stopTicks = new AbortController();
  const ticks = opts.onTick
    ? ticker(clock, stopTicks.signal, () => opts.onTick?.(recorder.tick(clock.now(), inFlight)))
    : Promise.resolve();
  // The drain waits one request timeout (and a second for the timer), after which nothing can still be pending.
  const schedule = await runSchedule(
    {
      concurrency: settings.concurrency,
      ...(settings.rate_per_s !== null ? { ratePerS: settings.rate_per_s } : {}),
      rampMs: settings.ramp_ms,
      durationMs: settings.duration_ms,
      ...(settings.requests !== null ? { requests: settings.requests } : {}),
      drainMs: settings.timeout_ms + 1000,
      clock,
      ...(opts.signal ? { signal: opts.signal } : {}),
    },
    // A promise chain rather than an async function: one frame fewer for each of tens of thousands of requests a second.
    (_index, scheduledAt) => {
      inFlight += 1;
      return probeOnce(probe, scheduledAt).then((result) => recordProbe(result, scheduledAt), probeThrew);
    },
  ).finally(() => stopTicks.abort());
  await ticks;
  recorder.finish(clock.now());
  const figures = figuresOf(schedule, recorder, settings);
  if (cut > 0) figures.requests.interrupted = cut;
  return figures;
}

/** The failure the client reports for a request cancelled through the run's signal (a send or a stream). */
function abortedByUs(error: ProbeError): boolean {
  return error.key === "aborted" || error.key === "stream aborted";
}

/** The run's figures from what the schedule did and what the recorder measured. */
function figuresOf(
  schedule: Awaited<ReturnType<typeof runSchedule>>,
  recorder: LoadRecorder,
  settings: LoadSettings,
): LoadFigures {
  const sendingS = schedule.sendingMs / 1000;
  const completed = recorder.completed;
  const drift = recorder.drift(settings.ramp_ms / 1000, sendingS);
  return {
    stopped_by: schedule.stoppedBy,
    requests: {
      started: schedule.started,
      completed,
      succeeded: completed - recorder.failed,
      failed: recorder.failed,
      abandoned: schedule.abandoned,
      missed: schedule.missed,
    },
    elapsed_ms: Math.round(schedule.elapsedMs),
    throughput_per_s:
      schedule.elapsedMs > 0 ? Math.round((completed / (schedule.elapsedMs / 1000)) * 10) / 10 : 0,
    latency: recorder.latency.summary(),
    ...(settings.mode === "stream" ? { first_event: recorder.firstEvent.summary() } : {}),
    terminal: recorder.terminalSummary(),
    unsettled: recorder.unsettled,
    errors: {
      total: recorder.failed,
      rate: completed === 0 ? 0 : Math.round((recorder.failed / completed) * 10_000) / 10_000,
      by_kind: recorder.errorsByKind(),
      top: recorder.topErrors(),
    },
    timeline: recorder.timeline(),
    histogram: recorder.latency.bins(),
    windows: recorder.windows(),
    ...(drift ? { drift } : {}),
  };
}
