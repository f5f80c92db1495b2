/*
** sync.h -- synchronised starts (SKaMPI 5 manual §6.2.1, §4.1), the public header of the
** two modules: sync_offsets.h (clock offsets, their cache, and the synchronisation part
** of the engine settings, sk_sync_config) and sync_window.h (the start methods and the
** start-window schedule of the real method).
*/
#ifndef SK_SYNC_H
#define SK_SYNC_H

#include "sync_offsets.h"
#include "sync_window.h"

#endif
