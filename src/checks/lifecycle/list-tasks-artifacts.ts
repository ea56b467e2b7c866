import { defineCheck, fail, notApplicable, pass } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { rawListedTasks } from "../support/raw-tasks.js";
import { onTwoListedTasks } from "./list-tasks.js";

export default defineCheck({
  id: "lifecycle.list-tasks-artifacts",
  title: "ListTasks leaves artifacts out unless includeArtifacts is set",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "ListTasks without includeArtifacts (false by default) omits the artifacts field from every task, even tasks that have artifacts: not an empty array, not null.",
  spec: "A2A 1.0 §3.1.4 (ListTasks: includeArtifacts)",
  tck: ["CORE-LIST-005"],
  quote: {
    spec: "A2A 1.0.1 §3.1.4",
    text: "When `includeArtifacts` is false (the default), the artifacts field MUST be omitted entirely from each Task object in the response.",
  },
  recommendation: "Strip artifacts from listed tasks unless the request sets includeArtifacts: true.",
  selfTest: [
    {
      flaw: "list-tasks-with-artifacts",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-LIST-005"],
    },
  ],
  ...onTwoListedTasks(async (ctx, made) => {
    const [, done] = made.tasks;
    // A task without artifacts is allowed (they are optional): nothing to judge.
    if (done.artifacts.length === 0)
      return notApplicable(
        `task ${done.id} produced no artifact, so leaving artifacts out cannot be told from having none`,
      );
    const { contextId } = made;
    const listed = await ctx.client.listTasks({ contextId, pageSize: 100 });
    const evidence = [...made.evidence, ...listed.trafficIds];
    if (!listed.ok) return fail(`ListTasks of context ${contextId}: ${describeFailure(listed)}`, evidence);
    // gRPC (proto3) cannot tell an empty repeated field from an absent one: there, no artifact may be listed.
    const withArtifacts = rawListedTasks(listed.raw).filter((t) =>
      ctx.transport === "GRPC" ? Array.isArray(t.artifacts) && t.artifacts.length > 0 : "artifacts" in t,
    );
    if (withArtifacts.length > 0)
      return fail(
        `ListTasks without includeArtifacts returned the artifacts field on task ${String(withArtifacts[0]?.id)}`,
        evidence,
      );
    return pass(`ListTasks of context ${contextId} left artifacts out (task ${done.id} has some)`, evidence);
  }),
});
