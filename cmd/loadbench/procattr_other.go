//go:build !linux

package main

import "syscall"

// diesWithParent is nil where the system has no parent-death signal: a
// child still ends by itself, at the end of its bounded run.
func diesWithParent(syscall.Signal) *syscall.SysProcAttr { return nil }
