import first from './es-first';
import areas from './es-areas';

/** The whole Spanish pack, every area's file merged into one namespace: the reference every other language follows. */
export default { ...first, ...areas };
