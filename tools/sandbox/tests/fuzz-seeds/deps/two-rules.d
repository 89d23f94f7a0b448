lab.i: lab.c /etc/hostname
other: x
