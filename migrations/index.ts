import { Migration20261122165249 } from './Migration20261122165249';
import { Migration20261122170317 } from './Migration20261122170317';
import { Migration20261122170500 } from './Migration20261122170500';
import { Migration20261123120000 } from './Migration20261123120000';
import { Migration20261124110000 } from './Migration20261124110000';
import { Migration20261124160000 } from './Migration20261124160000';
import { Migration20261124161000 } from './Migration20261124161000';
import { Migration20261124162000 } from './Migration20261124162000';
import { Migration20261124163000 } from './Migration20261124163000';
import { Migration20261124164000 } from './Migration20261124164000';
import { Migration20261124165000 } from './Migration20261124165000';
import { Migration20261124180000 } from './Migration20261124180000';
import { Migration20261125090000 } from './Migration20261125090000';
import { Migration20261125140000 } from './Migration20261125140000';
import { Migration20261127100000 } from './Migration20261127100000';
import { Migration20261128100000 } from './Migration20261128100000';
import { Migration20261128120000 } from './Migration20261128120000';
import { Migration20261129100000 } from './Migration20261129100000';
import { Migration20261130100000 } from './Migration20261130100000';
import { Migration20261130120000 } from './Migration20261130120000';
import { Migration20261130110000 } from './Migration20261130110000';
import { Migration20261201100000 } from './Migration20261201100000';
import { Migration20261202120000 } from './Migration20261202120000';
import { Migration20261202150000 } from './Migration20261202150000';
import { Migration20261203100000 } from './Migration20261203100000';
import { Migration20261203120000 } from './Migration20261203120000';

// Every migration, in order. Listed here (not discovered on disk) so that tsx, vitest and a bundle all load
// them the same way; `npm run migration:create` writes a new file, then add it to this list.
export const migrationsList = [
  { name: 'Migration20261122165249', class: Migration20261122165249 },
  { name: 'Migration20261122170317', class: Migration20261122170317 },
  { name: 'Migration20261122170500', class: Migration20261122170500 },
  { name: 'Migration20261123120000', class: Migration20261123120000 },
  { name: 'Migration20261124110000', class: Migration20261124110000 },
  { name: 'Migration20261124160000', class: Migration20261124160000 },
  { name: 'Migration20261124161000', class: Migration20261124161000 },
  { name: 'Migration20261124162000', class: Migration20261124162000 },
  { name: 'Migration20261124163000', class: Migration20261124163000 },
  { name: 'Migration20261124164000', class: Migration20261124164000 },
  { name: 'Migration20261124165000', class: Migration20261124165000 },
  { name: 'Migration20261124180000', class: Migration20261124180000 },
  { name: 'Migration20261125090000', class: Migration20261125090000 },
  { name: 'Migration20261125140000', class: Migration20261125140000 },
  { name: 'Migration20261127100000', class: Migration20261127100000 },
  { name: 'Migration20261128100000', class: Migration20261128100000 },
  { name: 'Migration20261128120000', class: Migration20261128120000 },
  { name: 'Migration20261129100000', class: Migration20261129100000 },
  { name: 'Migration20261130100000', class: Migration20261130100000 },
  { name: 'Migration20261130120000', class: Migration20261130120000 },
  { name: 'Migration20261130110000', class: Migration20261130110000 },
  { name: 'Migration20261201100000', class: Migration20261201100000 },
  { name: 'Migration20261202120000', class: Migration20261202120000 },
  { name: 'Migration20261202150000', class: Migration20261202150000 },
  { name: 'Migration20261203100000', class: Migration20261203100000 },
  { name: 'Migration20261203120000', class: Migration20261203120000 },
];
