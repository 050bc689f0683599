// The Bluetooth cuff on SQLite (the cases: bluetooth-cases.ts).
import { cuffTests } from './bluetooth-cases';
import { CUFF_LAUNCH_OPTIONS } from './cuff';
import { test } from './fixtures';

test.use({ launchOptions: CUFF_LAUNCH_OPTIONS });
cuffTests('sqlite');
