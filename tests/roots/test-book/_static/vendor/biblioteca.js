/* a third-party script loaded by some pages only: not on every page */
