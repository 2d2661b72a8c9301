/**
 * `npm run bench -- NAME`: runs one benchmark and prints its figures. Benchmarks measure;
 * tests never time anything.
 */
import { benchAdmitCard } from './benchmarks/admit-card';
import { benchAllocation } from './benchmarks/allocation';
import { benchApply } from './benchmarks/apply';
import { benchAuth } from './benchmarks/auth';
import { benchBackup } from './benchmarks/backup';
import { benchCacheSync } from './benchmarks/cache-sync';
import { benchDashboard } from './benchmarks/dashboard';
import { benchFirstLoad } from './benchmarks/first-load';
import { benchPrint } from './benchmarks/print';
import { benchProfile } from './benchmarks/profile';
import { benchReads } from './benchmarks/reads';
import { benchReplica } from './benchmarks/replica';
import { benchResults } from './benchmarks/results';
import { benchRollNumbers } from './benchmarks/roll-numbers';
import { benchScrutiny } from './benchmarks/scrutiny';

const benchmarks: Record<string, () => Promise<void>> = {
  'admit-card': benchAdmitCard,
  allocation: benchAllocation,
  apply: benchApply,
  auth: benchAuth,
  backup: benchBackup,
  'cache-sync': benchCacheSync,
  dashboard: benchDashboard,
  'first-load': benchFirstLoad,
  print: benchPrint,
  profile: benchProfile,
  reads: benchReads,
  replica: benchReplica,
  results: benchResults,
  'roll-numbers': benchRollNumbers,
  scrutiny: benchScrutiny,
};

const name = process.argv[2];
const benchmark = name ? benchmarks[name] : undefined;
if (!benchmark) {
  console.error(`Usage: npm run bench -- <name>\nBenchmarks: ${Object.keys(benchmarks).join(', ')}`);
  process.exit(2);
}
await benchmark();
