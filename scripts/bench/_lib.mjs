// The bench bootstrap is scripts/bench/lib.mjs (issue 31); this alias keeps a section written
// against the old name working until every branch has merged. It can go then.
export * from './lib.mjs'
