import type { Pack } from "../../types.js";
import cancelTask from "./cancel-task.js";
import contentOtherUser from "./content-other-user.js";
import getTask from "./get-task.js";
import guessedTaskId from "./guessed-task-id.js";
import listTasks from "./list-tasks.js";
import sendOnContext from "./send-on-context.js";
import sendOnTask from "./send-on-task.js";
import subscribe from "./subscribe.js";

export const crossContextLeakage: Pack = {
  id: "cross-context-leakage",
  title: "Cross-context leakage",
  attacks: [
    contentOtherUser,
    getTask,
    guessedTaskId,
    cancelTask,
    listTasks,
    subscribe,
    sendOnTask,
    sendOnContext,
  ],
};
