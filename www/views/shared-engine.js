// One engine worker for the whole page (Xiangqi and Hex share it: the game is a field of each position),
// kept across re-mounts (language switch, route changes).
import { EngineClient } from '../engine-client.js';

let sharedClient = null;

/** The page's EngineClient, created on first use. */
export function engineClient() {
  sharedClient ??= new EngineClient();
  return sharedClient;
}
