import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { onTwoListedTasks } from "./list-tasks.js";

export default defineCheck({
  id: "lifecycle.list-tasks-cursor",
  title: "ListTasks pages with a cursor: a task added between pages does not repeat the first page",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "The pageToken of a ListTasks page is a cursor: a task created in the listed context after the first page was read (the newest, so listed first) does not shift the next page back onto the task already read, as an offset into a list sorted afresh on every call would.",
  spec: "A2A 1.0 §3.1.4 (ListTasks: pagination strategy)",
  tck: ["CORE-LIST-002"],
  quote: {
    spec: "A2A 1.0.1 §3.1.4",
    text: "The operation MUST return only tasks visible to the authenticated client and MUST use cursor-based pagination for performance and consistency.",
  },
  noSelfTest:
    "the reference agent's SDK pages with a cursor; the mutation list-pages-by-offset turns it into an agent that pages by offset, and fails this check on it (mutations.test.ts)",
  recommendation:
    "Encode in nextPageToken where the page ended (the last task's status timestamp and id), and continue after that task, not after a count of tasks.",
  ...onTwoListedTasks(async (ctx, made) => {
    const { contextId } = made;
    const first = await ctx.client.listTasks({ contextId, pageSize: 1 });
    const evidence = [...made.evidence, ...first.trafficIds];
    const read = first.ok ? first.value.tasks[0] : undefined;
    const token = first.ok ? first.value.nextPageToken : "";
    // Paging itself (one task a page, a token to follow) is lifecycle.list-tasks' to judge.
    if (!first.ok || first.value.tasks.length !== 1 || !read || !token)
      return skip(
        `ListTasks with pageSize 1 gave no one task and token to page on (${first.ok ? `${first.value.tasks.length} task(s), nextPageToken ${JSON.stringify(token)}` : describeFailure(first)}): lifecycle.list-tasks' finding`,
      );
    // A third task in the context, the newest: listed first from now on.
    const third = await ctx.client.send({ text: ctx.fixtures.message, contextId });
    evidence.push(...third.trafficIds);
    if (!third.ok || third.value.kind !== "task")
      return skip(
        `a third message in context ${contextId} made no task to list (${third.ok ? "the agent answered with a Message" : describeFailure(third)})`,
      );
    const next = await ctx.client.listTasks({ contextId, pageSize: 1, pageToken: token });
    evidence.push(...next.trafficIds);
    if (!next.ok)
      return fail(
        `following nextPageToken after task ${third.value.id} was created in the context failed: ${describeFailure(next)}`,
        evidence,
      );
    const repeated = next.value.tasks.find((t) => t.id === read.id);
    if (repeated)
      return fail(
        `the page after the first listed task ${read.id} again, once task ${third.value.id} had been created in context ${contextId}: the token counts tasks in a list sorted afresh on every call, it is no cursor`,
        evidence,
      );
    // Only a task listed before the page's own shifts an offset: an agent that lists it after (its order not
    // newest first, list-tasks-order's finding) pages alike by offset and by cursor.
    const whole = await ctx.client.listTasks({ contextId, pageSize: 100 });
    evidence.push(...whole.trafficIds);
    const at = (id: string) => (whole.ok ? whole.value.tasks.findIndex((t) => t.id === id) : -1);
    if (!(at(third.value.id) >= 0 && at(third.value.id) < at(read.id)))
      return skip(
        `task ${third.value.id}, created after the first page, is not listed before task ${read.id} (${whole.ok ? `at ${at(third.value.id)} of ${whole.value.tasks.length}, the page's task at ${at(read.id)}` : describeFailure(whole)}): an offset would give the next page a cursor gives, nothing to tell them apart`,
      );
    const listed = next.value.tasks.map((t) => t.id).join(", ") || "no task";
    return pass(
      `the page after task ${read.id} gave ${listed} although task ${third.value.id} was created in between: the token is a cursor`,
      evidence,
    );
  }),
});
