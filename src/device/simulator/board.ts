import {
  AVRADC,
  AVRClock,
  AVREEPROM,
  AVRIOPort,
  AVRTimer,
  AVRTWI,
  AVRUSART,
  AVRWatchdog,
  adcConfig,
  avrInstruction,
  CPU,
  clockConfig,
  EEPROMMemoryBackend,
  eepromConfig,
  PinState,
  portBConfig,
  portCConfig,
  portDConfig,
  type TWIEventHandler,
  timer0Config,
  timer1Config,
  timer2Config,
  twiConfig,
  usart0Config,
  watchdogConfig,
} from 'avr8js';
import { SelfProgramming } from './self-programming.ts';

/*
 * An Arduino Uno or Nano (ATmega328P at 16 MHz) as avr8js runs it: the CPU with its timers, pins,
 * ADC, USART and I²C master, seen through the pins an Arduino sketch names ('D7', 'A0'). The part
 * models (./parts) and the page's worker talk to this, never to avr8js directly.
 */

export const CPU_HZ = 16_000_000;
const CYCLES_PER_MICRO = CPU_HZ / 1_000_000;
/** How many instructions run between checks for a pending fast-forward. */
const SLICE_CYCLES = 4_000;

/** A pin as a sketch names it: digital 'D0'…'D13', analog 'A0'…'A7' (A6 and A7 are the Nano's, analog only). */
export type ArduinoPin = `D${number}` | `A${number}`;

type PortName = 'B' | 'C' | 'D';

const DDR_ADDRESS: Readonly<Record<PortName, number>> = { B: portBConfig.DDR, C: portCConfig.DDR, D: portDConfig.DDR };

/** Where a pin lives on the chip: the port and bit for digital use, the ADC channel for analog input. */
interface PinAddress {
  readonly port?: PortName;
  readonly bit?: number;
  readonly channel?: number;
}

/** The ATmega328P's pin map, as the Arduino core's `standard` and `eightanaloginputs` variants define it. */
export function pinAddress(pin: string): PinAddress | undefined {
  const match = /^([DA])(\d{1,2})$/.exec(pin);
  if (!match) return undefined;
  const number = Number(match[2]);
  if (match[1] === 'D') {
    if (number <= 7) return { port: 'D', bit: number };
    if (number <= 13) return { port: 'B', bit: number - 8 };
    return undefined;
  }
  if (number <= 5) return { port: 'C', bit: number, channel: number };
  if (number <= 7) return { channel: number };
  return undefined;
}

/** The addresses (in avr8js's data space) of the core's clock, which the fast-forward moves on. */
export interface ClockSymbols {
  /** `timer0_millis` in wiring.c: what millis() returns. */
  readonly millis: number;
  /** `timer0_overflow_count`: what micros() and delay() count. */
  readonly overflowCount: number;
}

/** A device on the I²C bus, addressed by its 7-bit address. */
export interface I2cDevice {
  /** The master addressed it, to write (true) or to read. */
  connect?(write: boolean): void;
  /** A byte from the master; true to acknowledge it. */
  write(byte: number): boolean;
  /** The next byte for the master. */
  read(): number;
  stop?(): void;
}

export type PinListener = (high: boolean, micros: number) => void;

/** Time a pin spends high, for PWM brightness and speed: a fraction of the time since the last read. */
export interface DutyMeter {
  read(): number;
}

export interface BoardOptions {
  /**
   * The byte address the chip starts at after a reset when its BOOTRST fuse is programmed, as an
   * Uno's is (0x7e00, optiboot). A board with a bootloader also writes its own flash (SPM) and
   * resets from its DTR line: it is the board an upload talks to.
   */
  readonly bootStart?: number;
}

/** MCUSR's reset causes (datasheet 11.9.1). */
export const RESET_CAUSE = { powerOn: 0x01, external: 0x02, watchdog: 0x08 } as const;

/** A little-endian unsigned 32-bit value in the CPU's data space. */
function readU32(data: Uint8Array, address: number): number {
  return (
    ((data[address] ?? 0) | ((data[address + 1] ?? 0) << 8) | ((data[address + 2] ?? 0) << 16)) +
    (data[address + 3] ?? 0) * 2 ** 24
  );
}

function writeU32(data: Uint8Array, address: number, value: number): void {
  const wrapped = value % 2 ** 32;
  for (let byte = 0; byte < 4; byte++) data[address + byte] = Math.floor(wrapped / 2 ** (8 * byte)) & 0xff;
}

const SREG = 0x5f;
const WDTCSR_WDCE = 0x10;
const WDTCSR_WDE = 0x08;
const UCSRA_RXC = 0x80;
/** The USART's receive buffer holds two bytes and the shift register a third (datasheet 20.7.1): two wait behind UDR0. */
const RX_FIFO_BEHIND = 2;
const SREG_I = 0x80;

export class SimBoard {
  readonly cpu: CPU;
  private readonly ports: Readonly<Record<PortName, AVRIOPort>>;
  private readonly adc: AVRADC;
  private readonly watchdog: AVRWatchdog;
  private readonly usart: AVRUSART;
  private readonly devices = new Map<number, I2cDevice>();
  private readonly pinListeners = new Map<string, PinListener[]>();
  /** Each port's directions when its listener last ran: a pin that starts or stops being driven changes too. */
  private readonly directions: Record<PortName, number> = { B: 0, C: 0, D: 0 };
  private readonly serialListeners: ((byte: number) => void)[] = [];
  private readonly serialQueue: number[] = [];
  private readonly rxFifo: number[] = [];
  private skippedMicros = 0;
  private pendingSkipMs = 0;
  private readonly clock: ClockSymbols | undefined;
  private readonly timers: readonly AVRTimer[];
  private readonly selfProgramming?: SelfProgramming;
  private readonly bootStart: number;

  /** `clock` is the sketch's, for fast-forwarding; a board that only runs a bootloader has none. */
  constructor(program: Uint8Array, clock?: ClockSymbols, options: BoardOptions = {}) {
    this.clock = clock;
    this.cpu = new CPU(new Uint16Array(program.buffer, program.byteOffset, program.byteLength / 2));
    this.timers = [timer0Config, timer1Config, timer2Config].map((config) => new AVRTimer(this.cpu, config));
    this.watchdog = new AVRWatchdog(this.cpu, watchdogConfig, new AVRClock(this.cpu, CPU_HZ, clockConfig));
    this.bootStart = options.bootStart ?? 0;
    if (options.bootStart !== undefined) this.selfProgramming = new SelfProgramming(this.cpu);
    this.ports = {
      B: new AVRIOPort(this.cpu, portBConfig),
      C: new AVRIOPort(this.cpu, portCConfig),
      D: new AVRIOPort(this.cpu, portDConfig),
    };
    this.adc = new AVRADC(this.cpu, adcConfig);
    // 1 KB of EEPROM, erased (0xff) as a new chip's is: the medicine reminder keeps its state there.
    new AVREEPROM(this.cpu, new EEPROMMemoryBackend(1024), eepromConfig);
    this.usart = new AVRUSART(this.cpu, usart0Config, CPU_HZ);
    this.usart.onByteTransmit = (byte) => {
      for (const listener of this.serialListeners) listener(byte);
    };
    this.usart.onRxComplete = () => this.feedSerial();
    const readReceived = this.cpu.readHooks[usart0Config.UDR];
    this.cpu.readHooks[usart0Config.UDR] = (address) => {
      const value = readReceived?.(address) ?? 0;
      const next = this.rxFifo.shift();
      if (next !== undefined) this.usart.writeByte(next, true);
      return value;
    };
    const twi = new AVRTWI(this.cpu, twiConfig, CPU_HZ);
    twi.eventHandler = this.i2cBus(twi);
    for (const [name, port] of Object.entries(this.ports) as [PortName, AVRIOPort][]) {
      port.addListener((value, previous) => this.portChanged(name, value, previous));
    }
    // Every reset (the watchdog's too, which avr8js does with cpu.reset()) puts the registers back
    // and starts at the reset vector the fuses choose.
    // avr8js's reset also drops every pending clock event, the end of an analog conversion among them,
    // while its ADC goes on converting: it would never start another, and analogRead() would wait for
    // ever. Ending the conversion writes the ADC's registers, so it comes before they are cleared.
    const cpuReset = this.cpu.reset.bind(this.cpu);
    this.cpu.reset = () => {
      this.adc.completeADCRead(0);
      this.cpu.data.fill(0, 0x20, 0x100);
      cpuReset(); // after the registers: it sets the stack pointer, which lives among them
      for (const timer of this.timers) timer.reset();
      this.usart.reset();
      this.rxFifo.length = 0;
      this.cpu.pc = this.bootStart / 2;
    };
    this.cpu.pc = this.bootStart / 2;
    this.cpu.data[watchdogConfig.MCUSR] = RESET_CAUSE.powerOn;
  }

  /** Resets the chip as its RESET pin does (an Uno's DTR line pulses it): registers cleared, the program starts again. */
  reset(cause: number = RESET_CAUSE.external): void {
    this.cpu.reset();
    this.stopWatchdog();
    this.cpu.data[watchdogConfig.MCUSR] = cause;
  }

  /**
   * A reset that is not the watchdog's own turns the watchdog off (WDTCSR cleared, datasheet 11.9.2).
   * avr8js's reset dropped the watchdog's pending check but not its note that one is pending: enabled
   * again, it would never fire (optiboot, reset by DTR during its one-second wait, then waited for ever
   * instead of starting the program). It is told through its register, with the timed sequence, and its
   * check runs once with the watchdog off, which clears the note.
   */
  private stopWatchdog(): void {
    this.cpu.writeData(watchdogConfig.WDTCSR, WDTCSR_WDCE | WDTCSR_WDE);
    this.cpu.writeData(watchdogConfig.WDTCSR, 0);
    this.watchdog.checkWatchdog();
  }

  /** The chip's flash as it is now (a bootloader may have rewritten it). */
  get flash(): Uint8Array {
    return new Uint8Array(this.cpu.progBytes);
  }

  /** Simulated time since power-on, in microseconds, fast-forwards included. */
  get micros(): number {
    return this.cpu.cycles / CYCLES_PER_MICRO + this.skippedMicros;
  }

  /** Runs the program for `cycles` clock cycles (one instruction and one `tick()` at a time). */
  runCycles(cycles: number): void {
    const { cpu } = this;
    const end = cpu.cycles + cycles;
    while (cpu.cycles < end) {
      const slice = Math.min(end, cpu.cycles + SLICE_CYCLES);
      if (this.selfProgramming) {
        const spm = this.selfProgramming;
        while (cpu.cycles < slice) {
          spm.beforeInstruction();
          avrInstruction(cpu);
          cpu.tick();
        }
      } else {
        while (cpu.cycles < slice) {
          avrInstruction(cpu);
          cpu.tick();
        }
      }
      if (this.pendingSkipMs > 0) this.trySkip();
      if (this.serialQueue.length > 0) this.feedSerial();
    }
  }

  runMillis(ms: number): void {
    this.runCycles(Math.round(ms * 1000 * CYCLES_PER_MICRO));
  }

  /**
   * Fast-forward: moves the sketch's clock on by `ms`, so a `delay()` or a `millis()` wait that
   * long ends now. The clock is the core's (timer0's overflow count and millis), changed only
   * between instructions with interrupts enabled, where no sketch is halfway through reading it;
   * the part models see the same jump through `micros`. The program itself is not changed.
   */
  fastForward(ms: number): void {
    if (ms > 0) this.pendingSkipMs += ms;
    this.trySkip();
  }

  private trySkip(): void {
    if (!((this.cpu.data[SREG] ?? 0) & SREG_I)) return;
    const ms = Math.round(this.pendingSkipMs);
    this.pendingSkipMs = 0;
    if (!this.clock) throw new Error('This program has no known clock to fast-forward');
    const { data } = this.cpu;
    writeU32(data, this.clock.millis, readU32(data, this.clock.millis) + ms);
    // Timer 0 overflows every 1024 µs (prescaler 64, 256 counts at 16 MHz).
    const overflows = Math.floor((ms * 1000) / 1024);
    writeU32(data, this.clock.overflowCount, readU32(data, this.clock.overflowCount) + overflows);
    this.skippedMicros += ms * 1000;
  }

  private port(pin: string): { port: AVRIOPort; bit: number } {
    const address = pinAddress(pin);
    if (address?.port === undefined || address.bit === undefined) throw new Error(`${pin} is not a digital pin`);
    return { port: this.ports[address.port], bit: address.bit };
  }

  /** Whether the sketch drives the pin high (an output set high). */
  isHigh(pin: ArduinoPin): boolean {
    const { port, bit } = this.port(pin);
    return port.pinState(bit) === PinState.High;
  }

  /** Whether the sketch has made the pin an output. */
  isOutput(pin: ArduinoPin): boolean {
    const { port, bit } = this.port(pin);
    const state = port.pinState(bit);
    return state === PinState.High || state === PinState.Low;
  }

  /** Whether the sketch has turned on the pin's internal pull-up (an input reading high when nothing drives it). */
  hasPullUp(pin: ArduinoPin): boolean {
    const { port, bit } = this.port(pin);
    return port.pinState(bit) === PinState.InputPullUp;
  }

  /** What a part drives onto an input pin. */
  setInput(pin: ArduinoPin, high: boolean): void {
    const { port, bit } = this.port(pin);
    port.setPin(bit, high);
  }

  /** The voltage on an analog input (0–5 V, the ADC's reference being the 5 V supply). */
  setVoltage(pin: ArduinoPin, volts: number): void {
    const channel = pinAddress(pin)?.channel;
    if (channel === undefined) throw new Error(`${pin} is not an analog pin`);
    this.adc.channelValues[channel] = Math.min(5, Math.max(0, volts));
  }

  /**
   * Calls `listener` whenever what the sketch drives on `pin` changes: high, low, or nothing (an
   * input, pulled up or not); `high` is whether it now drives the pin high, as `isHigh` says.
   */
  onPinChange(pin: ArduinoPin, listener: PinListener): void {
    this.port(pin);
    const listeners = this.pinListeners.get(pin) ?? [];
    listeners.push(listener);
    this.pinListeners.set(pin, listeners);
  }

  /** Measures the fraction of time `pin` is high between reads (PWM duty; 0 or 1 for a steady level). */
  dutyMeter(pin: ArduinoPin): DutyMeter {
    let since = this.cpu.cycles;
    let highSince = this.isHigh(pin) ? since : -1;
    let highCycles = 0;
    this.onPinChange(pin, (high) => {
      if (high) highSince = this.cpu.cycles;
      else if (highSince >= 0) {
        highCycles += this.cpu.cycles - highSince;
        highSince = -1;
      }
    });
    return {
      read: () => {
        const now = this.cpu.cycles;
        const span = now - since;
        if (span <= 0) return this.isHigh(pin) ? 1 : 0;
        const total = highCycles + (highSince >= 0 ? now - highSince : 0);
        since = now;
        highCycles = 0;
        if (highSince >= 0) highSince = now;
        return Math.min(1, total / span);
      },
    };
  }

  private portChanged(name: PortName, value: number, previous: number): void {
    const ddr = this.cpu.data[DDR_ADDRESS[name]] ?? 0;
    const changed = ((value ^ previous) & ddr) | (ddr ^ this.directions[name]);
    this.directions[name] = ddr;
    if (!changed) return;
    for (let bit = 0; bit < 8; bit++) {
      if (!(changed & (1 << bit))) continue;
      const pin = name === 'D' ? `D${bit}` : name === 'B' ? `D${bit + 8}` : `A${bit}`;
      const listeners = this.pinListeners.get(pin);
      if (!listeners) continue;
      const high = (value & ddr & (1 << bit)) !== 0;
      for (const listener of listeners) listener(high, this.micros);
    }
  }

  /** Runs `callback` after `micros` of simulated time (for a part's own timing, e.g. the DHT11's reply). */
  after(micros: number, callback: () => void): void {
    this.cpu.addClockEvent(callback, Math.max(1, Math.round(micros * CYCLES_PER_MICRO)));
  }

  /** Every byte the sketch sends over Serial. */
  onSerial(listener: (byte: number) => void): void {
    this.serialListeners.push(listener);
  }

  /** Bytes typed into the serial monitor, delivered at the sketch's baud rate. */
  sendSerial(bytes: Iterable<number>): void {
    this.serialQueue.push(...bytes);
    this.feedSerial();
  }

  /**
   * A byte arriving on the chip's RX pin now, as a real UART takes it: if the receiver is off the
   * byte is lost (false), and if the last byte was not read yet it is overwritten (an overrun).
   */
  receiveSerialByte(byte: number): boolean {
    if (!this.usart.rxEnable) return false;
    const unread = ((this.cpu.data[usart0Config.UCSRA] ?? 0) & UCSRA_RXC) !== 0;
    if (!unread) this.usart.writeByte(byte, true);
    else if (this.rxFifo.length < RX_FIFO_BEHIND) this.rxFifo.push(byte);
    else return false; // overrun: the shift register's byte is lost (DOR)
    return true;
  }

  private feedSerial(): void {
    const next = this.serialQueue[0];
    if (next === undefined || this.usart.rxBusy) return;
    if (this.usart.writeByte(next)) this.serialQueue.shift();
  }

  /** The baud rate the sketch set with `Serial.begin` (0 before it). */
  get baudRate(): number {
    return this.usart.baudRate;
  }

  addI2cDevice(address: number, device: I2cDevice): void {
    this.devices.set(address, device);
  }

  private i2cBus(twi: AVRTWI): TWIEventHandler {
    let current: I2cDevice | undefined;
    return {
      start: () => twi.completeStart(),
      stop: () => {
        current?.stop?.();
        current = undefined;
        twi.completeStop();
      },
      connectToSlave: (address, write) => {
        current = this.devices.get(address);
        current?.connect?.(write);
        twi.completeConnect(current !== undefined);
      },
      writeByte: (byte) => twi.completeWrite(current?.write(byte) ?? false),
      readByte: () => twi.completeRead(current?.read() ?? 0xff),
    };
  }
}
