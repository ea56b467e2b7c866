export { generationOf, protocolGenerations, type ProtocolGeneration } from "../model/generation.js";
