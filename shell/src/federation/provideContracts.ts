/**
 * The shell loads every @shop/contracts entry point before any remote, so each shared key is provided — and marked
 * loaded — by the shell's one copy. Otherwise an entry point only remotes use (say /format) would come from
 * whichever remote loaded first. The contracts' root re-exports every subpath through its package specifier, so
 * this one import consumes them all as shared modules (rspack.base.mjs shares each "exports" key).
 */
import '@shop/contracts';
