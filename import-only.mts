import path from 'node:path';
import { benchBreeding } from './tests/bench/breeding-bench';
const figures = await benchBreeding(path.resolve('.'), 'postgres://postgres@127.0.0.1:5432/test', 1_000_000);
console.log(JSON.stringify(figures));
