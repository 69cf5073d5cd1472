// A throwaway test wallet for trying the sandbox by hand (README walkthrough): real keys
// derived from a seed phrase you choose, signing as Electrum/Bitcoin Core and lnd do.
//
//   npx tsx scripts/test-wallet.ts address   --seed demo
//   npx tsx scripts/test-wallet.ts sign      --seed demo --message "…"          (BIP-137, P2WPKH)
//   npx tsx scripts/test-wallet.ts node-sign --seed demo --message "…"          (lnd zbase32)
//   npx tsx scripts/test-wallet.ts invoice   --seed demo --sats 800 [--now ISO]  (BOLT 11, testnet)
import { parseArgs } from "node:util";
import { addressOf, bitcoinKey, lightningNode, makeInvoice, signBip137 } from "../tests/integration/harness/wallet";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { seed: { type: "string", default: "demo" }, message: { type: "string" }, sats: { type: "string" }, now: { type: "string" } },
});
const command = positionals[0];
const key = bitcoinKey(values.seed);
const node = lightningNode(values.seed);

function need(value: string | undefined, flag: string): string {
  if (value === undefined) {
    console.error(`${command} needs --${flag}`);
    process.exit(2);
  }
  return value;
}

switch (command) {
  case "address":
    console.log(JSON.stringify({ bitcoin_address: addressOf(key, "p2wpkh"), node_pubkey: node.pubkey }, null, 2));
    break;
  case "sign": {
    const message = need(values.message, "message");
    console.log(
      JSON.stringify({ bitcoin_address: addressOf(key, "p2wpkh"), message, signature: signBip137(message, key, "p2wpkh") }, null, 2),
    );
    break;
  }
  case "node-sign": {
    const message = need(values.message, "message");
    console.log(JSON.stringify({ node_pubkey: node.pubkey, message, signature: node.sign(message) }, null, 2));
    break;
  }
  case "invoice": {
    const sats = BigInt(need(values.sats, "sats"));
    const now = values.now ? new Date(values.now) : new Date();
    console.log(JSON.stringify(makeInvoice({ node, msat: sats * 1000n, now }), null, 2));
    break;
  }
  default:
    console.error("usage: test-wallet.ts address|sign|node-sign|invoice --seed <phrase> [--message <text>] [--sats <n>] [--now <iso>]");
    process.exit(2);
}
