import type { Pack } from "../../types.js";
import adaptive from "./adaptive.js";
import artifactShaped from "./artifact-shaped.js";
import dataPart from "./data-part.js";
import directOverride from "./direct-override.js";
import fileMetadata from "./file-metadata.js";
import fileName from "./file-name.js";
import filePart from "./file-part.js";
import manyShot from "./many-shot.js";
import multiTurnTrigger from "./multi-turn-trigger.js";
import payloadSplit from "./payload-split.js";
import peerArtifact from "./peer-artifact.js";

export const promptInjection: Pack = {
  id: "prompt-injection",
  title: "Prompt injection",
  attacks: [
    directOverride,
    dataPart,
    filePart,
    fileName,
    fileMetadata,
    artifactShaped,
    peerArtifact,
    multiTurnTrigger,
    payloadSplit,
    manyShot,
    adaptive,
  ],
};
