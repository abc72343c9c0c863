import { defineConfig } from 'vite';
import { defineRemoteConfig } from '../../shells/shared/remote.vite-config';

export default defineConfig(defineRemoteConfig('reporting', import.meta.dirname));
