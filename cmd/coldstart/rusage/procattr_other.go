//go:build !linux

package main

import "syscall"

var sysProcAttr *syscall.SysProcAttr
