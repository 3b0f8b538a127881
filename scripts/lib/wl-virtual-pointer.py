#!/usr/bin/env python3
"""Gives a headless sway seat a pointer, so a bar can be clicked (scripts/check-clicks.sh).

sway's headless backend has no input devices, so its seat has no pointer capability and no
client ever gets a wl_pointer: `swaymsg seat - cursor press button1` moves sway's cursor but
nothing reaches waybar. This Wayland client creates one virtual pointer device
(zwlr_virtual_pointer_manager_v1, which sway implements) and holds it until the compositor
exits (or this is killed); while it exists the seat has a pointer, and `swaymsg seat - cursor set/press/release` clicks as a
mouse would. Written against the wire protocol directly: Debian has no Python Wayland binding.

Usage: wl-virtual-pointer.py   (WAYLAND_DISPLAY and XDG_RUNTIME_DIR set; prints "ready")
"""
import os
import socket
import struct
import sys


def message(object_id, opcode, payload=b""):
    return struct.pack("<II", object_id, ((8 + len(payload)) << 16) | opcode) + payload


def string(text):
    data = text.encode() + b"\0"
    return struct.pack("<I", len(data)) + data + b"\0" * (-len(data) % 4)


def read_messages(sock, buffer):
    """Blocks until at least one whole message is buffered; yields (object, opcode, payload)."""
    while True:
        while len(buffer) >= 8:
            object_id, word = struct.unpack_from("<II", buffer)
            size = word >> 16
            if len(buffer) < size:
                break
            payload = bytes(buffer[8:size])
            del buffer[:size]
            yield object_id, word & 0xFFFF, payload
        data = sock.recv(65536)
        if not data:
            return
        buffer.extend(data)


path = os.path.join(os.environ["XDG_RUNTIME_DIR"], os.environ.get("WAYLAND_DISPLAY", "wayland-0"))
sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
sock.connect(path)
DISPLAY, REGISTRY, SYNC, MANAGER, POINTER, SYNC2 = 1, 2, 3, 4, 5, 6
sock.sendall(message(DISPLAY, 1, struct.pack("<I", REGISTRY))   # wl_display.get_registry
             + message(DISPLAY, 0, struct.pack("<I", SYNC)))     # wl_display.sync: the globals end
buffer = bytearray()
manager = None
for object_id, opcode, payload in read_messages(sock, buffer):
    if object_id == REGISTRY and opcode == 0:                    # wl_registry.global
        name, length = struct.unpack_from("<II", payload)
        interface = payload[8:8 + length - 1].decode()
        if interface == "zwlr_virtual_pointer_manager_v1":
            manager = name
    elif object_id == DISPLAY and opcode == 0:                   # wl_display.error
        sys.exit(f"wl-virtual-pointer: protocol error {payload!r}")
    elif object_id == SYNC:
        break
if manager is None:
    sys.exit("wl-virtual-pointer: the compositor offers no zwlr_virtual_pointer_manager_v1")
sock.sendall(message(REGISTRY, 0, struct.pack("<I", manager) + string("zwlr_virtual_pointer_manager_v1")
                     + struct.pack("<II", 1, MANAGER))          # wl_registry.bind, version 1
             + message(MANAGER, 0, struct.pack("<II", 0, POINTER))  # create_virtual_pointer(default seat)
             + message(DISPLAY, 0, struct.pack("<I", SYNC2)))
for object_id, opcode, payload in read_messages(sock, buffer):
    if object_id == DISPLAY and opcode == 0:
        sys.exit(f"wl-virtual-pointer: protocol error {payload!r}")
    if object_id == SYNC2:
        break
print("ready", flush=True)
for _ in read_messages(sock, buffer):  # hold the device until the compositor goes away
    pass
