// DHT_U: RoboForge's own implementation of the DHT library's "unified sensor" classes (DHT_Unified,
// with its temperature() and humidity() sensors in Adafruit_Sensor's interface), written from the
// libraries' documentation for learners' sketches compiled by the RoboForge compile service. The
// readings are DHT.h's; the ranges and resolutions are the sensors' datasheets'. Header-only.
#ifndef ROBOFORGE_DHT_U_H
#define ROBOFORGE_DHT_U_H

#include <Adafruit_Sensor.h>
#include <DHT.h>

#define DHT_SENSOR_VERSION 1

class DHT_Unified {
 public:
  DHT_Unified(uint8_t pin, uint8_t type, uint8_t count = 6, int32_t tempSensorId = -1, int32_t humiditySensorId = -1)
      : dht_(pin, type, count), type_(type), temperature_(this, tempSensorId), humidity_(this, humiditySensorId) {}

  void begin() { dht_.begin(); }

  class Temperature : public Adafruit_Sensor {
   public:
    Temperature(DHT_Unified *parent, int32_t id) : parent_(parent), id_(id) {}
    bool getEvent(sensors_event_t *event) {
      parent_->start(event, id_, SENSOR_TYPE_AMBIENT_TEMPERATURE);
      event->temperature = parent_->dht_.readTemperature();
      return true;
    }
    void getSensor(sensor_t *sensor) {
      parent_->describe(sensor, id_, SENSOR_TYPE_AMBIENT_TEMPERATURE);
      if (parent_->isDht11()) {
        sensor->max_value = 50.0F;
        sensor->min_value = 0.0F;
        sensor->resolution = 2.0F;
      } else {
        sensor->max_value = 125.0F;
        sensor->min_value = -40.0F;
        sensor->resolution = 0.1F;
      }
    }

   private:
    DHT_Unified *parent_;
    int32_t id_;
  };

  class Humidity : public Adafruit_Sensor {
   public:
    Humidity(DHT_Unified *parent, int32_t id) : parent_(parent), id_(id) {}
    bool getEvent(sensors_event_t *event) {
      parent_->start(event, id_, SENSOR_TYPE_RELATIVE_HUMIDITY);
      event->relative_humidity = parent_->dht_.readHumidity();
      return true;
    }
    void getSensor(sensor_t *sensor) {
      parent_->describe(sensor, id_, SENSOR_TYPE_RELATIVE_HUMIDITY);
      if (parent_->isDht11()) {
        sensor->max_value = 80.0F;
        sensor->min_value = 20.0F;
        sensor->resolution = 5.0F;
      } else {
        sensor->max_value = 100.0F;
        sensor->min_value = 0.0F;
        sensor->resolution = 0.1F;
      }
    }

   private:
    DHT_Unified *parent_;
    int32_t id_;
  };

  Temperature temperature() { return temperature_; }
  Humidity humidity() { return humidity_; }

 private:
  bool isDht11() const { return type_ == DHT11 || type_ == DHT12; }

  void start(sensors_event_t *event, int32_t id, int32_t type) {
    memset(event, 0, sizeof(sensors_event_t));
    event->version = sizeof(sensors_event_t);
    event->sensor_id = id;
    event->type = type;
    event->timestamp = millis();
  }

  void describe(sensor_t *sensor, int32_t id, int32_t type) {
    memset(sensor, 0, sizeof(sensor_t));
    const char *name = type_ == DHT11 ? "DHT11" : type_ == DHT12 ? "DHT12" : type_ == DHT21 ? "DHT21" : "DHT22";
    strncpy(sensor->name, name, sizeof(sensor->name) - 1);
    sensor->version = DHT_SENSOR_VERSION;
    sensor->sensor_id = id;
    sensor->type = type;
    // The shortest time between readings: 1 s for a DHT11, 2 s for the others.
    sensor->min_delay = isDht11() ? 1000000L : 2000000L;
  }

  DHT dht_;
  uint8_t type_;
  Temperature temperature_;
  Humidity humidity_;
};

#endif
