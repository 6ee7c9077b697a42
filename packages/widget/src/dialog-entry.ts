/** widget-dialog.<hash>.js (IIFE, second stage): hands the preact dialog to widget.js. */
import { mount } from './dialog/mount.js';

(window as unknown as { HearbackDialog?: unknown }).HearbackDialog = { mount };
