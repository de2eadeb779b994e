// One engine worker for the whole page (Xiangqi and Hex share it: the game is a field of each position),
// kept across re-mounts (language switch, route changes).
import { EngineClient } from '../engine-client.js';

let sharedClient = null;

/**
 * The page's EngineClient, created on first use.
 * @param {'xiangqi'|'hex'} [game] the game of the view asking: its wasm module is the one the worker loads
 *   first when this call creates the client (the other loads when a position of it comes)
 */
export function engineClient(game = 'xiangqi') {
  sharedClient ??= new EngineClient({ game });
  return sharedClient;
}
