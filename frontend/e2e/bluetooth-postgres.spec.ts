// The Bluetooth cuff on PostgreSQL: a fresh database for this file's server (the cases:
// bluetooth-cases.ts).
import { cuffTests } from './bluetooth-cases';
import { CUFF_LAUNCH_OPTIONS } from './cuff';
import { test } from './fixtures';

test.use({ launchOptions: CUFF_LAUNCH_OPTIONS, database: 'postgres' });
cuffTests('postgres');
