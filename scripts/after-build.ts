import path from 'node:path';
import type { Logger, Plugin, ResolvedConfig } from 'vite';

/**
 * A build step that runs once `vite build` has written the bundle (`closeBundle`), one after the
 * other in `order` (`pre` steps before `post` ones), with the output directory and Vite's logger.
 */
export function afterBuild(name: string, order: 'pre' | 'post', step: (outDir: string, logger: Logger) => void | Promise<void>): Plugin {
  let config: ResolvedConfig;
  return {
    name,
    apply: 'build',
    configResolved(c) {
      config = c;
    },
    closeBundle: {
      sequential: true,
      order,
      handler: () => step(path.resolve(config.root, config.build.outDir), config.logger),
    },
  };
}
