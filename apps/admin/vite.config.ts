import { defineConfig } from 'vite';
import { defineRemoteConfig } from '../../shells/shared/remote.vite-config';

export default defineConfig(defineRemoteConfig('admin', import.meta.dirname, { './Approvals': './src/Approvals.tsx' }));
