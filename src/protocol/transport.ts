export { parseTransport, transports, type Transport } from "../model/transport.js";
